"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AlertCircle, Plus } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { ApiError } from "../tasks/api";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { cn } from "../ui/cn";
import { RetryCountdownNotice, RetryIn, useRetryCountdown } from "../ui/retry-countdown";
import { Spinner } from "../ui/spinner";
import { createKnowledgeBase, knowledgeKeys } from "./api";

/** The server's bounds on a name (`POST /api/knowledge`), characters. */
const NAME_MAX = 120;

/**
 * "New knowledge base": a name and — for a member who may create the organisation's
 * (`org_knowledge:create`, decided by the page on the server) — "shared with my organisation".
 * Creates it and opens its page.
 */
export function NewKnowledgeForm({ canShare, organizationName }: { canShare: boolean; organizationName: string | null }) {
  const t = useTranslations("knowledge.create");
  const router = useRouter();
  const queryClient = useQueryClient();
  const ids = useId();
  const [name, setName] = useState("");
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const countdown = useRetryCountdown();
  const create = useMutation({
    mutationFn: createKnowledgeBase,
    onSuccess: async ({ id }) => {
      await queryClient.invalidateQueries({ queryKey: knowledgeKeys.all, exact: true });
      router.push(`/knowledge/${id}`);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 401) return router.replace("/sign-in");
      if (countdown.startFrom(err)) return;
      setError(err instanceof ApiError && err.status === 0 ? t("errors.network") : t("errors.generic"));
    },
  });
  const busy = create.isPending || create.isSuccess;
  const trimmed = name.trim();
  const nameError = trimmed.length === 0 ? "nameRequired" : trimmed.length > NAME_MAX ? "nameTooLong" : null;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    if (nameError) {
      setError(t(`errors.${nameError}`, { max: NAME_MAX }));
      document.getElementById(`${ids}-name`)?.focus();
      return;
    }
    if (busy || countdown.waiting) return;
    create.mutate({ name: trimmed, shared: canShare && shared });
  }

  return (
    <Card aria-labelledby={`${ids}-title`} data-testid="new-knowledge">
      <h2 id={`${ids}-title`} className="text-lg font-semibold">
        {t("title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("description")}</p>
      <form onSubmit={onSubmit} className="mt-4 space-y-4" noValidate>
        <div>
          <label htmlFor={`${ids}-name`} className="block text-sm font-medium text-slate-800">
            {t("nameLabel")}
          </label>
          <input
            id={`${ids}-name`}
            value={name}
            maxLength={NAME_MAX + 20}
            disabled={busy}
            onChange={(e) => setName(e.target.value)}
            placeholder={t("namePlaceholder")}
            aria-invalid={error && nameError ? true : undefined}
            aria-describedby={error ? `${ids}-error` : undefined}
            data-testid="new-knowledge-name"
            className={cn(
              "mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base shadow-sm focus:outline-2 focus:outline-indigo-600 sm:text-sm",
              error && nameError ? "border-rose-400" : "border-slate-300",
            )}
          />
        </div>
        {canShare ? (
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={shared}
              disabled={busy}
              onChange={(e) => setShared(e.target.checked)}
              data-testid="new-knowledge-shared"
              className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
            />
            <span>
              {t("sharedLabel")}
              {organizationName ? <span className="block text-xs text-slate-500">{t("sharedHint", { organization: organizationName })}</span> : null}
            </span>
          </label>
        ) : null}
        {error ? (
          <p
            id={`${ids}-error`}
            role="alert"
            data-testid="new-knowledge-error"
            className="flex items-start gap-2 rounded-lg border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-700"
          >
            <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>{error}</span>
          </p>
        ) : null}
        <RetryCountdownNotice seconds={countdown.seconds} testId="new-knowledge-retry" />
        <div className="flex justify-end">
          <Button type="submit" disabled={busy || countdown.waiting} data-testid="new-knowledge-submit" className="w-full sm:w-auto">
            {busy ? <Spinner /> : <Plus aria-hidden className="size-4" />}
            {countdown.waiting ? <RetryIn seconds={countdown.seconds} /> : t("submit")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
