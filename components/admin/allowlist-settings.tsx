"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { ALLOWLIST_KINDS, ALLOWLIST_MAX_MULTIPLIER, type AllowlistKind } from "@/lib/console/contracts";
import { ApiError, retryTransient } from "../tasks/api";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { consoleKeys, deleteAllowlistEntry, fetchAllowlist, putAllowlistEntry } from "./api";
import { QueryFallback } from "./parts";

const field = "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-base sm:text-sm";

/**
 * The allow-list card of `/admin/settings`: callers whose request limits are raised (every
 * limit × a multiplier) or lifted — a partner's integration (a user, by id or e-mail), an
 * organisation (by id or slug), an office NAT (an address or CIDR range). A form adds or
 * replaces an entry, each row has Remove; changes go to `PUT`/`DELETE
 * /api/admin/settings/allowlist`, recorded with who made them. The server resolves and
 * normalises the value and says what it refused (422), shown under the form.
 */
export function AllowlistSettings() {
  const t = useTranslations("admin.settings.allowlist");
  const tc = useTranslations("admin.common");
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: consoleKeys.allowlist, queryFn: ({ signal }) => fetchAllowlist(signal), retry: retryTransient });
  const [form, setForm] = useState<{ kind: AllowlistKind; value: string; unlimited: boolean; multiplier: string; note: string }>({
    kind: "ip_range",
    value: "",
    unlimited: false,
    multiplier: "2",
    note: "",
  });
  const [formError, setFormError] = useState<string | null>(null);

  const onSaved = (data: Awaited<ReturnType<typeof fetchAllowlist>>) => {
    queryClient.setQueryData(consoleKeys.allowlist, data);
    void queryClient.invalidateQueries({ queryKey: consoleKeys.audit });
    toast.success(tc("saved"));
  };
  const save = useMutation({
    mutationFn: putAllowlistEntry,
    onSuccess: (data) => {
      onSaved(data);
      setForm((f) => ({ ...f, value: "", note: "" }));
    },
    // The server's reason (no such user, an invalid range) belongs under the form, not in a toast.
    onError: (err: Error) =>
      setFormError(err instanceof ApiError && err.status === 422 ? t("refused", { message: err.message }) : tc("saveFailed", { message: err.message })),
  });
  const remove = useMutation({
    mutationFn: deleteAllowlistEntry,
    onSuccess: onSaved,
    onError: (err: Error) => toast.error(tc("saveFailed", { message: err.message })),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const multiplier = Number(form.multiplier);
    if (!form.value.trim()) return setFormError(t("valueRequired"));
    if (!form.unlimited && !(/^\d+$/.test(form.multiplier.trim()) && multiplier >= 1 && multiplier <= ALLOWLIST_MAX_MULTIPLIER)) {
      return setFormError(t("invalidMultiplier", { max: ALLOWLIST_MAX_MULTIPLIER }));
    }
    setFormError(null);
    save.mutate({ kind: form.kind, value: form.value.trim(), multiplier: form.unlimited ? null : multiplier, note: form.note.trim() });
  };

  return (
    <Card aria-labelledby="allowlist-heading" data-testid="settings-allowlist">
      <h2 id="allowlist-heading" className="flex items-center gap-2 font-semibold text-slate-900">
        <ShieldCheck aria-hidden className="size-4 text-slate-500" />
        {t("title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
      {query.data ? (
        query.data.items.length === 0 ? (
          <p className="mt-3 text-sm text-slate-500" data-testid="allowlist-empty">
            {t("empty")}
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100" data-testid="allowlist-list">
            {query.data.items.map((e) => (
              <li
                key={e.id}
                className="flex flex-wrap items-center justify-between gap-2 py-2"
                data-testid="allowlist-row"
                data-kind={e.kind}
                data-value={e.value}
              >
                <span className="min-w-0">
                  <span className="block text-sm font-medium text-slate-800 [overflow-wrap:anywhere]">
                    {t(`kinds.${e.kind}`)}: {e.label ?? e.value}
                  </span>
                  <span className="block text-xs text-slate-500 [overflow-wrap:anywhere]">
                    {e.multiplier === null ? t("unlimited") : t("times", { multiplier: e.multiplier })}
                    {e.label ? (
                      <>
                        {" "}
                        · <span className="font-mono">{e.value}</span>
                      </>
                    ) : null}
                    {e.note ? <> · {e.note}</> : null}
                  </span>
                </span>
                <Button
                  variant="ghost"
                  className="px-2 py-1 text-rose-700"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate({ id: e.id })}
                  aria-label={t("removeAria", { entry: e.label ?? e.value })}
                  data-testid="allowlist-remove"
                >
                  {t("remove")}
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : (
        <div className="mt-3">
          <QueryFallback error={query.error} onRetry={() => query.refetch()} testId="allowlist" />
        </div>
      )}
      <form className="mt-4 grid gap-3 border-t border-slate-100 pt-4 sm:grid-cols-2 lg:grid-cols-4" onSubmit={submit} noValidate data-testid="allowlist-form">
        <label className="text-sm text-slate-600">
          {t("kind")}
          <select
            className={field}
            value={form.kind}
            onChange={(e) => setForm({ ...form, kind: e.target.value as AllowlistKind })}
            data-testid="allowlist-kind"
          >
            {ALLOWLIST_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm text-slate-600 lg:col-span-2">
          {t("value")}
          <input
            className={field}
            value={form.value}
            onChange={(e) => setForm({ ...form, value: e.target.value })}
            maxLength={320}
            placeholder={t(`placeholders.${form.kind}`)}
            data-testid="allowlist-value"
          />
        </label>
        <div className="text-sm text-slate-600">
          <label>
            {t("multiplier")}
            <input
              className={field}
              inputMode="numeric"
              value={form.multiplier}
              disabled={form.unlimited}
              onChange={(e) => setForm({ ...form, multiplier: e.target.value })}
              data-testid="allowlist-multiplier"
            />
          </label>
          <label className="mt-1 flex items-center gap-1">
            <input
              type="checkbox"
              checked={form.unlimited}
              onChange={(e) => setForm({ ...form, unlimited: e.target.checked })}
              data-testid="allowlist-unlimited"
            />
            {t("noLimits")}
          </label>
        </div>
        <label className="text-sm text-slate-600 sm:col-span-2 lg:col-span-3">
          {t("note")}
          <input
            className={field}
            value={form.note}
            onChange={(e) => setForm({ ...form, note: e.target.value })}
            maxLength={500}
            data-testid="allowlist-note"
          />
        </label>
        <div className="flex items-end">
          <Button type="submit" className="w-full" disabled={save.isPending} data-testid="allowlist-save">
            {t("save")}
          </Button>
        </div>
        {formError ? (
          <p role="alert" className="text-sm text-rose-700 sm:col-span-2 lg:col-span-4" data-testid="allowlist-error">
            {formError}
          </p>
        ) : null}
      </form>
    </Card>
  );
}
