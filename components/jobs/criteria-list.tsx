"use client";
import { useTranslations } from "next-intl";
import type { Criterion } from "@/lib/jobs/ranking-contracts";
import { EngineBadge } from "../tasks/engine-badge";
import { cn } from "../ui/cn";
import { barTone } from "../ui/score-tone";

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** Each criterion of a candidate: its weight, its score (0–100) as a bar, the evidence lines and where it came from. */
export function CriteriaList({ criteria, compact = false }: { criteria: Criterion[]; compact?: boolean }) {
  const t = useTranslations("ranking");
  return (
    <ul className="space-y-3" data-testid="criteria-list">
      {criteria.map((c) => (
        <li key={c.key} data-testid="criterion" data-criterion={c.key} data-score={c.score} data-weight={c.weight}>
          <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
            <span className="text-sm font-medium text-slate-800">{t(`criterion.${c.key}`)}</span>
            <span className="text-xs text-slate-500">{t("weightOf", { weight: fmt(c.weight) })}</span>
            <span className="ml-auto text-sm tabular-nums text-slate-900" data-testid="criterion-score">
              {fmt(c.score)}
            </span>
            {compact ? null : <EngineBadge engine={c.source} compact />}
          </div>
          <div className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-200" aria-hidden>
            <div className={cn("h-full rounded-full", barTone(c.score, 100))} style={{ width: `${Math.min(100, Math.max(0, c.score))}%` }} />
          </div>
          {c.evidence.length > 0 ? (
            <ul className="mt-1.5 space-y-0.5 border-l-2 border-slate-200 pl-2 text-xs text-slate-600" data-testid="criterion-evidence">
              {c.evidence.slice(0, compact ? 2 : 6).map((line) => (
                <li key={line} className="[overflow-wrap:anywhere]">
                  “{line}”
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-xs text-slate-400">{t("noEvidence")}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
