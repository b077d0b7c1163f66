"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";
import { useResumes } from "../resume/use-resumes";
import { ApiError } from "../tasks/api";
import { Button, buttonClasses } from "../ui/button";
import { Skeleton } from "../ui/skeleton";
import { Spinner } from "../ui/spinner";
import { applyToJob, type Opening, openingKeys } from "./api";

/**
 * "Apply" on an open job: reveals a picker of the candidate's own resumes (newest first) and
 * sends the application; the list refreshes to show it. A candidate without resumes is sent to
 * upload one.
 */
export function ApplyForm({ opening }: { opening: Opening }) {
  const t = useTranslations("openings");
  const ids = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState("");
  const resumes = useResumes({ fresh: true });
  const items = resumes.data?.items ?? [];
  const resumeId = choice || items[0]?.id || "";

  const apply = useMutation({
    mutationFn: () => applyToJob(opening.id, resumeId),
    onSuccess: async (body) => {
      toast.success(body.duplicate ? t("duplicate") : t("applied", { organization: opening.organizationName }));
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: openingKeys.all });
    },
    onError: (err) => {
      const closed = err instanceof ApiError && err.code === "conflict:job";
      toast.error(closed ? t("closed") : t("applyFailed"), { description: err instanceof ApiError && !closed ? err.message : undefined });
      if (closed) void queryClient.invalidateQueries({ queryKey: openingKeys.all });
    },
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (resumeId) apply.mutate();
  }

  if (!open) {
    return (
      <div className="mt-4">
        <Button onClick={() => setOpen(true)} data-testid="opening-apply">
          {t("apply")}
        </Button>
      </div>
    );
  }
  return (
    <form className="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-4" onSubmit={onSubmit} data-testid="apply-form">
      {resumes.isPending ? (
        <div role="status" aria-busy="true" aria-label={t("resumesLoading")}>
          <Skeleton className="h-10 w-full" />
        </div>
      ) : items.length === 0 ? (
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600" data-testid="apply-no-resumes">
          <p>{t("noResumes")}</p>
          <Link href="/resumes" className={buttonClasses("secondary")}>
            {t("uploadResume")}
          </Link>
        </div>
      ) : (
        <>
          <label htmlFor={`${ids}-resume`} className="block text-sm font-medium text-slate-700">
            {t("chooseResume")}
          </label>
          <select
            id={`${ids}-resume`}
            value={resumeId}
            onChange={(e) => setChoice(e.target.value)}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:outline-2 focus:outline-indigo-600 sm:text-sm"
            data-testid="apply-resume"
          >
            {items.map((r) => (
              <option key={r.id} value={r.id}>
                {r.fileName}
              </option>
            ))}
          </select>
        </>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="submit" disabled={!resumeId || apply.isPending} data-testid="apply-send">
          {apply.isPending ? <Spinner /> : null}
          {t("send")}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}
