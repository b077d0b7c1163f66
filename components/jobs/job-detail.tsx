"use client";
import { useTranslations } from "next-intl";
import { DetailQueryState } from "../detail-query-state";
import { isUnauthorized } from "../use-sign-in-on-401";
import { FairnessPanel } from "./fairness-panel";
import { JobHeader } from "./job-header";
import { RankingPanel } from "./ranking-panel";
import { SkillsEditor } from "./skills-editor";
import { useJob } from "./use-job";
import { WeightsPanel } from "./weights-panel";

/** `/jobs/{id}`: the header, skills, the ranking with its weights, and the fairness audit. */
export function JobDetail({ id }: { id: string }) {
  const t = useTranslations("jobs");
  const job = useJob(id);
  if (!job.data || isUnauthorized(job.error)) {
    return (
      <DetailQueryState
        pending={job.isPending}
        error={job.error}
        onRetry={() => void job.refetch()}
        texts={{
          loading: t("loading"),
          notFoundTitle: t("notFoundTitle"),
          notFoundBody: t("notFoundBody"),
          backToList: t("backToList"),
          loadError: t("loadError"),
          retry: t("retry"),
        }}
        backHref="/jobs"
        testIdPrefix="job"
      />
    );
  }
  return (
    <div className="space-y-6" data-testid="job-page" data-job-id={id}>
      <JobHeader job={job.data} />
      <SkillsEditor job={job.data} />
      {/* Source order is the phone's: the weights above the ranking they reorder, not after every row. */}
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem] lg:items-start">
        <div className="min-w-0 lg:col-start-2 lg:row-start-1">
          <WeightsPanel job={job.data} />
        </div>
        <div className="min-w-0 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <RankingPanel job={job.data} />
        </div>
        <div className="min-w-0 lg:col-start-2 lg:row-start-2">
          <FairnessPanel jobId={id} />
        </div>
      </div>
    </div>
  );
}
