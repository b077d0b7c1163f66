"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import type { JobBody } from "@/lib/jobs/contracts";
import { CRITERION_KEYS, type CriterionKey } from "@/lib/jobs/ranking-contracts";
import { Card } from "../ui/card";
import { useUpdateJob } from "./use-job";

/** A weight is saved this long after the last change, so dragging a slider sends one PATCH, ms. */
const SAVE_DEBOUNCE_MS = 600;
const clampWeight = (n: number) => Math.min(100, Math.max(0, Math.round(Number.isFinite(n) ? n : 0)));

/**
 * One slider and number per criterion (0–100). Changes are saved with `PATCH /api/jobs/{id}`
 * `weights` after a pause; the ranking is fetched again then, so the order follows.
 * `data-state` on the panel says `saving` until the server has the weights shown, else `saved`.
 */
export function WeightsPanel({ job }: { job: JobBody }) {
  const t = useTranslations("ranking");
  const update = useUpdateJob(job.id, t("weightsError"));
  const [draft, setDraft] = useState<Record<string, number> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Counts changes, so a save that ends after a newer change does not drop that change.
  const changes = useRef(0);
  const shown = draft ?? job.weights;
  const total = CRITERION_KEYS.reduce((a, k) => a + (shown[k] ?? 0), 0);

  useEffect(() => () => clearTimeout(timer.current), []);

  function change(key: CriterionKey, value: number) {
    const next = { ...shown, [key]: clampWeight(value) };
    setDraft(next);
    const change = ++changes.current;
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => update.mutate({ weights: next }, { onSuccess: () => (change === changes.current ? setDraft(null) : undefined) }),
      SAVE_DEBOUNCE_MS,
    );
  }

  return (
    <Card aria-labelledby="weights-title" data-testid="weights-panel" data-state={draft || update.isPending ? "saving" : "saved"}>
      <h2 id="weights-title" className="text-lg font-semibold">
        {t("weightsTitle")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("weightsHint")}</p>
      <ul className="mt-4 space-y-3">
        {CRITERION_KEYS.map((key) => {
          const w = shown[key] ?? 0;
          const share = total > 0 ? Math.round((w / total) * 100) : 0;
          return (
            <li key={key} className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1" data-testid="weight-row" data-criterion={key}>
              <label htmlFor={`weight-${key}`} className="text-sm font-medium text-slate-800">
                {t(`criterion.${key}`)}
                <span className="ml-1 text-xs font-normal text-slate-500">({share}%)</span>
              </label>
              <input
                type="range"
                min={0}
                max={100}
                value={w}
                aria-label={t(`criterion.${key}`)}
                onChange={(e) => change(key, Number(e.target.value))}
                className="col-span-2 row-start-2 w-full accent-indigo-600"
                data-testid={`weight-slider-${key}`}
              />
              <input
                id={`weight-${key}`}
                type="number"
                min={0}
                max={100}
                value={w}
                onChange={(e) => change(key, Number(e.target.value))}
                className="w-16 rounded-lg border border-slate-300 px-2 py-1 text-right text-sm tabular-nums focus-visible:outline-2 focus-visible:outline-indigo-600"
                data-testid={`weight-input-${key}`}
              />
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
