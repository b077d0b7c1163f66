"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ShieldAlert, ShieldCheck } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import type { FairnessAuditBody } from "@/lib/jobs/ranking-contracts";
import { isEndState, retryTransient } from "../tasks/api";
import { EngineBadge } from "../tasks/engine-badge";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { formatDateTime } from "../ui/format";
import { Spinner } from "../ui/spinner";
import { fetchLatestAudit, jobKeys, startFairnessAudit } from "./api";

/** How often a running audit is fetched again, ms. */
const AUDIT_POLL_MS = 2_000;
const running = (a: FairnessAuditBody | null | undefined) => Boolean(a && !a.result && !isEndState(a.status.toUpperCase()));
const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));

/**
 * The job's fairness audit (docs/fairness.md): start one, follow it, then the largest fit and
 * rank change under name and pronoun swaps, flagged past 2 points or any rank move, per resume.
 */
export function FairnessPanel({ jobId }: { jobId: string }) {
  const t = useTranslations("ranking.fairness");
  const locale = useLocale();
  const queryClient = useQueryClient();
  const audit = useQuery({
    queryKey: jobKeys.audit(jobId),
    queryFn: ({ signal }) => fetchLatestAudit(jobId, signal),
    retry: retryTransient,
    refetchInterval: (q) => (running(q.state.data) ? AUDIT_POLL_MS : false),
  });
  const start = useMutation({
    mutationFn: () => startFairnessAudit(jobId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: jobKeys.audit(jobId) }),
  });
  const a = audit.data;
  const r = a?.result;
  const busy = start.isPending || running(a);
  return (
    <Card aria-labelledby="fairness-title" data-testid="fairness-panel" data-state={busy ? "running" : r ? (r.flagged ? "flagged" : "clear") : "none"}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="fairness-title" className="flex-1 text-lg font-semibold">
          {t("title")}
        </h2>
        <Button variant="secondary" disabled={busy} onClick={() => start.mutate()} data-testid="fairness-start">
          {busy ? <Spinner className="size-4" /> : null}
          {busy ? t("running") : t("start")}
        </Button>
      </div>
      <p className="mt-1 text-sm text-slate-600">{t("hint")}</p>
      {start.isError || audit.isError ? (
        <p role="alert" className="mt-3 text-sm text-rose-700">
          {t("error")}
        </p>
      ) : null}
      {a && !r && !busy ? (
        <p className="mt-3 text-sm text-rose-700" data-testid="fairness-failed">
          {t("failed")}
        </p>
      ) : null}
      {a && r ? (
        <div className="mt-4 space-y-3" data-testid="fairness-result">
          <div className="flex flex-wrap items-center gap-2">
            {r.flagged ? (
              <span
                className="inline-flex items-center gap-1 rounded-full bg-rose-50 px-2.5 py-1 text-sm font-medium text-rose-700 ring-1 ring-inset ring-rose-200"
                data-testid="fairness-flag"
              >
                <ShieldAlert aria-hidden className="size-4" />
                {t("flagged")}
              </span>
            ) : (
              <span
                className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-1 text-sm font-medium text-emerald-700 ring-1 ring-inset ring-emerald-200"
                data-testid="fairness-clear"
              >
                <ShieldCheck aria-hidden className="size-4" />
                {t("clear")}
              </span>
            )}
            <EngineBadge engine={r.engine} compact />
            <span className="text-xs text-slate-500">{formatDateTime(a.createdAt, locale)}</span>
          </div>
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            {[
              ["sample", String(r.sampleSize), "fairness-sample"],
              ["variants", String(r.variantCount), "fairness-variants"],
              ["maxFit", fmt(r.maxFitDelta), "fairness-max-fit"],
              ["maxRank", String(r.maxRankDelta), "fairness-max-rank"],
            ].map(([key, value, testId]) => (
              <div key={key} className="rounded-lg bg-slate-50 p-2">
                <dt className="text-xs text-slate-500">{t(key as "sample")}</dt>
                <dd className="text-lg font-semibold tabular-nums" data-testid={testId}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          <details className="text-sm">
            <summary className="cursor-pointer text-slate-700">{t("perResume")}</summary>
            <ul className="mt-2 space-y-1">
              {r.items.map((item) => {
                const worst = Math.max(0, ...item.variants.map((v) => Math.abs(v.fitDelta)));
                return (
                  <li key={item.resumeId} className="flex flex-wrap justify-between gap-2 border-b border-slate-100 py-1">
                    <span>{item.candidateLabel}</span>
                    <span className="tabular-nums text-slate-600">{t("itemLine", { fit: fmt(item.baseFit), rank: item.baseRank, delta: fmt(worst) })}</span>
                  </li>
                );
              })}
            </ul>
          </details>
        </div>
      ) : null}
    </Card>
  );
}
