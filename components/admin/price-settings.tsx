"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { retryTransient } from "../tasks/api";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { consoleKeys, deletePrice, fetchPrices, putPrice } from "./api";
import { formatUsdPerMTok, usdToMicro } from "./format";
import { QueryFallback } from "./parts";

const field = "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm";

/**
 * The model prices card of `/admin/settings`: the price overrides, a form that sets one (USD
 * per million tokens, stored as micro-dollars per million), a remove button per override, and
 * the models seen without a price over the last 30 days, each with a button that fills the
 * form. Changes go to `PUT`/`DELETE /api/admin/settings/prices`, recorded with who made them.
 */
export function PriceSettings() {
  const t = useTranslations("admin.settings.prices");
  const tc = useTranslations("admin.common");
  const locale = useLocale();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: consoleKeys.prices, queryFn: ({ signal }) => fetchPrices(signal), retry: retryTransient });
  const [form, setForm] = useState({ provider: "", model: "", input: "", cached: "", output: "" });
  const [formError, setFormError] = useState<string | null>(null);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  const onSaved = (data: Awaited<ReturnType<typeof fetchPrices>>) => {
    queryClient.setQueryData(consoleKeys.prices, data);
    void queryClient.invalidateQueries({ queryKey: consoleKeys.audit });
    toast.success(tc("saved"));
  };
  const onError = (err: Error) => toast.error(tc("saveFailed", { message: err.message }));
  const save = useMutation({ mutationFn: putPrice, onSuccess: onSaved, onError });
  const remove = useMutation({ mutationFn: deletePrice, onSuccess: onSaved, onError });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const [input, cached, output] = [form.input, form.cached || form.input, form.output].map(usdToMicro);
    if (!form.provider.trim() || !form.model.trim() || input == null || cached == null || output == null) return setFormError(t("invalidPrice"));
    setFormError(null);
    save.mutate({
      provider: form.provider.trim(),
      model: form.model.trim(),
      inputMicroUsdPerMTok: input,
      cachedInputMicroUsdPerMTok: cached,
      outputMicroUsdPerMTok: output,
    });
  };

  return (
    <Card aria-labelledby="prices-heading" data-testid="settings-prices">
      <h2 id="prices-heading" className="font-semibold text-slate-900">
        {t("title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
      {query.data ? (
        <>
          {query.data.items.length === 0 ? (
            <p className="mt-3 text-sm text-slate-500">{t("empty")}</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-100" data-testid="prices-list">
              {query.data.items.map((p) => (
                <li
                  key={`${p.provider}/${p.model}`}
                  className="flex flex-wrap items-center justify-between gap-2 py-2"
                  data-testid="price-row"
                  data-model={`${p.provider}/${p.model}`}
                >
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium text-slate-800">
                      {p.provider}/{p.model}
                    </span>
                    <span className="block text-xs text-slate-500">
                      {t("perMTok", {
                        input: formatUsdPerMTok(p.inputMicroUsdPerMTok, locale),
                        cached: formatUsdPerMTok(p.cachedInputMicroUsdPerMTok, locale),
                        output: formatUsdPerMTok(p.outputMicroUsdPerMTok, locale),
                      })}
                    </span>
                  </span>
                  <Button
                    variant="ghost"
                    className="px-2 py-1 text-rose-700"
                    aria-label={t("deleteAria", { model: `${p.provider}/${p.model}` })}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate({ provider: p.provider, model: p.model })}
                  >
                    {t("delete")}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {query.data.unpricedModels.length ? (
            <div className="mt-4 rounded-xl bg-amber-50 p-3" data-testid="prices-unpriced">
              <h3 className="text-sm font-medium text-amber-900">{t("unpricedTitle")}</h3>
              <ul className="mt-1 space-y-1">
                {query.data.unpricedModels.map((m) => (
                  <li key={`${m.provider}/${m.model}`} className="flex flex-wrap items-center justify-between gap-2 text-sm text-amber-900">
                    {t("unpricedRow", { model: `${m.provider}/${m.model}`, count: m.unpricedRequests })}
                    <Button variant="secondary" className="px-2 py-0.5" onClick={() => setForm({ ...form, provider: m.provider, model: m.model })}>
                      {t("setPrice")}
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      ) : (
        <div className="mt-3">
          <QueryFallback error={query.error} onRetry={() => query.refetch()} testId="prices" />
        </div>
      )}
      <form className="mt-4 grid gap-3 border-t border-slate-100 pt-4 sm:grid-cols-2 lg:grid-cols-3" onSubmit={submit} data-testid="price-form" noValidate>
        <label className="text-sm text-slate-600">
          {t("provider")}
          <input className={field} value={form.provider} onChange={set("provider")} maxLength={100} placeholder="openai" data-testid="price-provider" />
        </label>
        <label className="text-sm text-slate-600 lg:col-span-2">
          {t("model")}
          <input className={field} value={form.model} onChange={set("model")} maxLength={200} data-testid="price-model" />
        </label>
        <label className="text-sm text-slate-600">
          {t("input")}
          <input className={field} inputMode="decimal" value={form.input} onChange={set("input")} data-testid="price-input" />
        </label>
        <label className="text-sm text-slate-600">
          {t("cachedInput")}
          <input className={field} inputMode="decimal" value={form.cached} onChange={set("cached")} placeholder={form.input} data-testid="price-cached" />
        </label>
        <label className="text-sm text-slate-600">
          {t("output")}
          <input className={field} inputMode="decimal" value={form.output} onChange={set("output")} data-testid="price-output" />
        </label>
        <div className="sm:col-span-2 lg:col-span-3">
          <Button type="submit" disabled={save.isPending} data-testid="price-save">
            {t("save")}
          </Button>
        </div>
        {formError ? (
          <p role="alert" className="text-sm text-rose-700 sm:col-span-2 lg:col-span-3">
            {formError}
          </p>
        ) : null}
      </form>
    </Card>
  );
}
