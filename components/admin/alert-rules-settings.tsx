"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import type { AlertRuleView } from "@/lib/console/contracts";
import { retryTransient } from "../tasks/api";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { consoleKeys, fetchAlertRules, patchAlertRule } from "./api";
import { QueryFallback } from "./parts";

/**
 * The alert thresholds card of `/admin/settings`: every rule of the catalogue with its
 * threshold (in the rule's own unit, named in its label) and its switch; each saved by itself
 * (`PATCH /api/admin/settings/alerts`, recorded with who made it). A kind without a label in
 * the messages shows its name.
 */
export function AlertRulesSettings() {
  const t = useTranslations("admin.settings.alerts");
  const query = useQuery({ queryKey: consoleKeys.alerts, queryFn: ({ signal }) => fetchAlertRules(signal), retry: retryTransient });
  return (
    <Card aria-labelledby="alerts-heading" data-testid="settings-alerts">
      <h2 id="alerts-heading" className="font-semibold text-slate-900">
        {t("title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
      {query.data ? (
        <ul className="mt-3 divide-y divide-slate-100">
          {query.data.items.map((rule) => (
            // Re-mounted when the stored rule changes, so the inputs start from what was saved.
            <AlertRuleRow key={`${rule.kind}:${rule.updatedAt ?? "default"}`} rule={rule} />
          ))}
        </ul>
      ) : (
        <div className="mt-3">
          <QueryFallback error={query.error} onRetry={() => query.refetch()} testId="alert-rules" />
        </div>
      )}
    </Card>
  );
}

/** A fraction is edited as a percentage (0.8 ↔ 80); every other unit as is. */
const toShown = (rule: AlertRuleView, v: number) => (rule.unit === "fraction" ? Number((v * 100).toPrecision(6)) : v);
const fromShown = (rule: AlertRuleView, v: number) => (rule.unit === "fraction" ? v / 100 : v);

function AlertRuleRow({ rule }: { rule: AlertRuleView }) {
  const t = useTranslations("admin.settings.alerts");
  const tc = useTranslations("admin.common");
  const queryClient = useQueryClient();
  const [threshold, setThreshold] = useState(String(toShown(rule, rule.threshold)));
  const [enabled, setEnabled] = useState(rule.enabled);
  const kindKey = `kinds.${rule.kind}` as "kinds.stream_lag";
  const label = t.has(kindKey) ? t(kindKey) : rule.title;
  const unitKey = `units.${rule.unit}` as "units.entries";
  const unit = t.has(unitKey) ? t(unitKey) : rule.unit;
  const shown = Number(threshold);
  const value = fromShown(rule, shown);
  const valid = threshold.trim() !== "" && Number.isFinite(shown) && value >= rule.min && value <= rule.max;
  const changed = valid && (value !== rule.threshold || enabled !== rule.enabled);
  const save = useMutation({
    mutationFn: () => patchAlertRule({ kind: rule.kind, threshold: value, enabled }),
    onSuccess: (data) => {
      queryClient.setQueryData(consoleKeys.alerts, data);
      void queryClient.invalidateQueries({ queryKey: consoleKeys.audit });
      toast.success(tc("saved"));
    },
    onError: (err: Error) => toast.error(tc("saveFailed", { message: err.message })),
  });
  const bounds = t("outOfBounds", { min: toShown(rule, rule.min), max: toShown(rule, rule.max) });
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="alert-rule-row" data-kind={rule.kind}>
      <span className="min-w-0 text-sm text-slate-800" title={rule.description}>
        {label}
      </span>
      <span className="flex items-center gap-2">
        <label className="flex items-center gap-1 text-sm text-slate-600">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} data-testid="alert-rule-enabled" />
          {t("enabled")}
        </label>
        <span className="flex items-center gap-1">
          <input
            aria-label={`${t("threshold")}: ${label} (${unit})`}
            inputMode="decimal"
            value={threshold}
            onChange={(e) => setThreshold(e.target.value)}
            aria-invalid={!valid}
            title={valid ? undefined : bounds}
            className="w-24 rounded-lg border border-slate-300 px-2 py-1 text-right text-sm tabular-nums aria-[invalid=true]:border-rose-400"
            data-testid="alert-rule-threshold"
          />
          <span className="w-14 text-xs text-slate-500">{unit}</span>
        </span>
        <Button variant="secondary" className="px-3 py-1" disabled={!changed || save.isPending} onClick={() => save.mutate()} data-testid="alert-rule-save">
          {t("save")}
        </Button>
      </span>
      {valid ? null : (
        <p role="alert" className="w-full text-right text-xs text-rose-700">
          {bounds}
        </p>
      )}
    </li>
  );
}
