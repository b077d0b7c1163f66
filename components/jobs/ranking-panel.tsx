"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, GitCompare } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { APPLICATION_STAGE_VALUES, type ApplicationStageValue, type JobBody } from "@/lib/jobs/contracts";
import type { RankingItem } from "@/lib/jobs/ranking-contracts";
import { retryTransient } from "../tasks/api";
import { Button, buttonClasses } from "../ui/button";
import { Card } from "../ui/card";
import { Skeleton } from "../ui/skeleton";
import { type RankingFilters as Filters, fetchRanking, jobKeys, moveStage, rankingCsvHref } from "./api";
import { CompareView } from "./compare-view";
import { RankingFilters } from "./ranking-filters";
import { RankingRow } from "./ranking-row";

/** How often the ranking is fetched again while analyses are still running, ms. */
const PENDING_POLL_MS = 3_000;

/**
 * The job's candidates best first (`GET /api/jobs/{id}/ranking`), blind by default, with
 * filters, per-row explanations, selection with a bulk stage move, a compare of two selected
 * candidates and the CSV export of what is shown.
 */
export function RankingPanel({ job }: { job: JobBody }) {
  const t = useTranslations("ranking");
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<Filters>({ blind: true });
  const [selected, setSelected] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string | null>(null);
  const [comparing, setComparing] = useState(false);
  const [target, setTarget] = useState<ApplicationStageValue>("shortlisted");
  const ranking = useQuery({
    queryKey: jobKeys.ranking(job.id, filters),
    queryFn: ({ signal }) => fetchRanking(job.id, filters, signal),
    retry: retryTransient,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => ((q.state.data?.pending ?? 0) > 0 ? PENDING_POLL_MS : false),
  });
  const move = useMutation({
    mutationFn: () => moveStage(job.id, { applicationIds: selected, stage: target }),
    onSuccess: () => {
      setSelected([]);
      void queryClient.invalidateQueries({ queryKey: jobKeys.ranking(job.id) });
      void queryClient.invalidateQueries({ queryKey: jobKeys.detail(job.id) });
      toast.success(t("moved"));
    },
    onError: () => toast.error(t("moveError")),
  });

  const items = ranking.data?.items ?? [];
  const pair = comparing ? (selected.map((id) => items.find((i) => i.applicationId === id)).filter(Boolean) as RankingItem[]) : [];
  const toggle = (id: string, on: boolean) => setSelected((s) => (on ? [...s.filter((x) => x !== id), id] : s.filter((x) => x !== id)));

  return (
    <Card aria-labelledby="ranking-title" data-testid="ranking-panel" data-fetching={ranking.isFetching ? "true" : "false"}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="ranking-title" className="flex-1 text-lg font-semibold">
          {t("title")}
        </h2>
        <a href={rankingCsvHref(job.id, filters)} download className={buttonClasses("secondary", "px-3 py-1.5")} data-testid="export-csv">
          <Download aria-hidden className="size-4" />
          {t("exportCsv")}
        </a>
      </div>
      <div className="mt-4">
        <RankingFilters value={filters} skills={[...job.requiredSkills, ...job.preferredSkills]} onChange={setFilters} />
      </div>
      {ranking.data && (ranking.data.pending > 0 || ranking.data.failed > 0) ? (
        <p className="mt-3 text-sm text-slate-600" data-testid="ranking-pending">
          {t("pendingNote", { pending: ranking.data.pending, failed: ranking.data.failed })}
        </p>
      ) : null}
      {selected.length > 0 ? (
        <div className="mt-3 flex flex-wrap items-center gap-2 rounded-xl bg-indigo-50 p-2 text-sm" data-testid="bulk-bar">
          <span className="font-medium text-indigo-900">{t("selected", { count: selected.length })}</span>
          <select
            value={target}
            onChange={(e) => setTarget(e.target.value as ApplicationStageValue)}
            aria-label={t("moveTo")}
            className="rounded-lg border border-slate-300 bg-white px-2 py-1"
            data-testid="bulk-stage"
          >
            {APPLICATION_STAGE_VALUES.map((s) => (
              <option key={s} value={s}>
                {t(`stage.${s}`)}
              </option>
            ))}
          </select>
          <Button className="px-3 py-1" disabled={move.isPending} onClick={() => move.mutate()} data-testid="bulk-move">
            {t("move")}
          </Button>
          <Button variant="secondary" className="px-3 py-1" disabled={selected.length !== 2} onClick={() => setComparing(true)} data-testid="compare">
            <GitCompare aria-hidden className="size-4" />
            {t("compare")}
          </Button>
        </div>
      ) : null}
      {pair.length === 2 ? (
        <div className="mt-4">
          <CompareView pair={[pair[0]!, pair[1]!]} onClose={() => setComparing(false)} />
        </div>
      ) : null}
      <div className="mt-4">
        {ranking.isPending ? (
          <div className="space-y-2" role="status" aria-busy="true" aria-label={t("loading")}>
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : ranking.isError ? (
          <div role="alert" className="text-center" data-testid="ranking-error">
            <p className="text-sm text-rose-700">{t("loadError")}</p>
            <Button variant="secondary" className="mt-2" onClick={() => void ranking.refetch()}>
              {t("retry")}
            </Button>
          </div>
        ) : items.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600" data-testid="ranking-empty">
            {t("empty")}
          </p>
        ) : (
          <ol className="space-y-2" data-testid="ranking-list">
            {items.map((item, i) => (
              <RankingRow
                key={item.applicationId}
                item={item}
                rank={i + 1}
                jobId={job.id}
                selected={selected.includes(item.applicationId)}
                expanded={expanded === item.applicationId}
                onSelect={(on) => toggle(item.applicationId, on)}
                onExpand={() => setExpanded((e) => (e === item.applicationId ? null : item.applicationId))}
              />
            ))}
          </ol>
        )}
      </div>
    </Card>
  );
}
