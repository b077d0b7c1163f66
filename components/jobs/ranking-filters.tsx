"use client";
import { useTranslations } from "next-intl";
import { APPLICATION_STAGE_VALUES, type ApplicationStageValue } from "@/lib/jobs/contracts";
import { cn } from "../ui/cn";
import type { RankingFilters as Filters } from "./api";

/** Blind toggle, minimum fit, must-have skills (the job's, as toggles) and stage. */
export function RankingFilters({ value, skills, onChange }: { value: Filters; skills: string[]; onChange: (next: Filters) => void }) {
  const t = useTranslations("ranking");
  const chosen = value.skills ?? [];
  const field = "rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-indigo-600";
  return (
    <div className="space-y-3" data-testid="ranking-filters">
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
        <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            checked={value.blind}
            onChange={(e) => onChange({ ...value, blind: e.target.checked })}
            className="size-4 accent-indigo-600"
            data-testid="blind-toggle"
          />
          {t("blind")}
        </label>
        <label className="inline-flex items-center gap-2 text-sm text-slate-700">
          {t("minFit")}
          <input
            type="number"
            min={0}
            max={100}
            value={value.minFit ?? 0}
            onChange={(e) => onChange({ ...value, minFit: Math.min(100, Math.max(0, Number(e.target.value) || 0)) })}
            className={cn(field, "w-16 text-right tabular-nums")}
            data-testid="filter-min-fit"
          />
        </label>
        <label className="inline-flex items-center gap-2 text-sm text-slate-700">
          {t("stageFilter")}
          <select
            value={value.stage ?? ""}
            onChange={(e) => onChange({ ...value, stage: (e.target.value || undefined) as ApplicationStageValue | undefined })}
            className={field}
            data-testid="filter-stage"
          >
            <option value="">{t("anyStage")}</option>
            {APPLICATION_STAGE_VALUES.map((s) => (
              <option key={s} value={s}>
                {t(`stage.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {value.blind ? <p className="text-xs text-slate-500">{t("blindHint")}</p> : null}
      {skills.length > 0 ? (
        <fieldset>
          <legend className="text-xs font-medium text-slate-500">{t("mustHave")}</legend>
          <div className="mt-1 flex flex-wrap gap-1.5" data-testid="filter-skills">
            {skills.map((s) => {
              const on = chosen.includes(s);
              return (
                <button
                  key={s}
                  type="button"
                  aria-pressed={on}
                  onClick={() => onChange({ ...value, skills: on ? chosen.filter((x) => x !== s) : [...chosen, s] })}
                  className={cn(
                    "rounded-full px-2.5 py-0.5 text-xs ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-indigo-600",
                    on ? "bg-indigo-600 text-white ring-indigo-600" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50",
                  )}
                  data-testid="filter-skill"
                  data-skill={s}
                >
                  {s}
                </button>
              );
            })}
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
