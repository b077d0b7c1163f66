"use client";
import { ChevronDown, FileDown, UserRound } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { RankingItem } from "@/lib/jobs/ranking-contracts";
import { IntegrityFlag } from "../resume/integrity-notice";
import { buttonClasses } from "../ui/button";
import { cn } from "../ui/cn";
import { scoreTone } from "../ui/score-tone";
import { resumePdfHref } from "./api";
import { CriteriaList } from "./criteria-list";
import { SkillChips } from "./skill-chips";

/**
 * One candidate in the ranking: selection box, rank, label, fit, matched and missing skills,
 * stage, the PDF and "open" links; expanded, the criteria with their evidence.
 */
export function RankingRow(p: {
  item: RankingItem;
  rank: number;
  jobId: string;
  selected: boolean;
  expanded: boolean;
  onSelect: (selected: boolean) => void;
  onExpand: () => void;
}) {
  const t = useTranslations("ranking");
  const { item } = p;
  const fit = Math.round(item.fit);
  return (
    <li
      className="rounded-xl border border-slate-200 bg-white p-3"
      data-testid="ranking-row"
      data-application-id={item.applicationId}
      data-resume-id={item.resumeId}
      data-fit={item.fit}
      data-label={item.candidateLabel}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <input
          type="checkbox"
          checked={p.selected}
          onChange={(e) => p.onSelect(e.target.checked)}
          aria-label={t("select", { label: item.candidateLabel })}
          className="size-4 accent-indigo-600"
          data-testid="row-select"
        />
        <span className="w-6 text-right text-sm tabular-nums text-slate-500">{p.rank}</span>
        <span className="min-w-0 flex-1 font-medium text-slate-900 [overflow-wrap:anywhere]" data-testid="ranking-label">
          {item.candidateLabel}
        </span>
        {item.injectionSuspected ? <IntegrityFlag /> : null}
        <span className={cn("text-xl font-bold tabular-nums", scoreTone(fit))} data-testid="ranking-fit" title={t("fit")}>
          {fit}
        </span>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700" data-testid="ranking-stage" data-stage={item.stage}>
          {t(`stage.${item.stage}`)}
        </span>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2 pl-7 sm:pl-16">
        <SkillChips skills={item.matchedSkills} tone="matched" testId="matched-skills" />
        <SkillChips skills={item.missingSkills} tone="missing" testId="missing-skills" />
        <div className="ml-auto flex items-center gap-1">
          <a href={resumePdfHref(item.resumeId)} download className={buttonClasses("ghost", "px-2 py-1 text-xs")} data-testid="row-pdf">
            <FileDown aria-hidden className="size-3.5" />
            {t("pdf")}
          </a>
          <Link href={`/jobs/${p.jobId}/applications/${item.applicationId}`} className={buttonClasses("ghost", "px-2 py-1 text-xs")} data-testid="row-open">
            <UserRound aria-hidden className="size-3.5" />
            {t("open")}
          </Link>
          <button
            type="button"
            onClick={p.onExpand}
            aria-expanded={p.expanded}
            className={buttonClasses("ghost", "px-2 py-1 text-xs")}
            data-testid="row-expand"
          >
            <ChevronDown aria-hidden className={cn("size-3.5 transition-transform", p.expanded && "rotate-180")} />
            {t("why")}
          </button>
        </div>
      </div>
      {p.expanded ? (
        <div className="mt-3 border-t border-slate-100 pt-3 sm:pl-16" data-testid="row-details">
          <CriteriaList criteria={item.criteria} />
        </div>
      ) : null}
    </li>
  );
}
