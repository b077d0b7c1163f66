"use client";
import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import type { RankingItem } from "@/lib/jobs/ranking-contracts";
import { Card } from "../ui/card";
import { cn } from "../ui/cn";
import { scoreTone } from "../ui/score-tone";
import { CriteriaList } from "./criteria-list";
import { SkillChips } from "./skill-chips";

/** Two candidates side by side (stacked on a phone): fit, each criterion with its evidence, matched and missing skills. */
export function CompareView({ pair, onClose }: { pair: [RankingItem, RankingItem]; onClose: () => void }) {
  const t = useTranslations("ranking");
  return (
    <Card aria-labelledby="compare-title" data-testid="compare-view">
      <div className="flex items-center justify-between gap-2">
        <h2 id="compare-title" className="text-lg font-semibold">
          {t("compareTitle")}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t("closeCompare")}
          className="rounded p-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
          data-testid="compare-close"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
      <div className="mt-4 grid gap-6 sm:grid-cols-2">
        {pair.map((item) => (
          <div key={item.applicationId} className="min-w-0 space-y-3" data-testid="compare-column" data-application-id={item.applicationId}>
            <div className="flex items-baseline justify-between gap-2">
              <h3 className="font-semibold [overflow-wrap:anywhere]">{item.candidateLabel}</h3>
              <span className={cn("text-2xl font-bold tabular-nums", scoreTone(item.fit))}>{Math.round(item.fit)}</span>
            </div>
            <div className="space-y-1">
              <p className="text-xs font-medium text-slate-500">{t("matched")}</p>
              <SkillChips skills={item.matchedSkills} tone="matched" testId="compare-matched" />
              <p className="pt-1 text-xs font-medium text-slate-500">{t("missing")}</p>
              <SkillChips skills={item.missingSkills} tone="missing" testId="compare-missing" />
            </div>
            <CriteriaList criteria={item.criteria} compact />
          </div>
        ))}
      </div>
    </Card>
  );
}
