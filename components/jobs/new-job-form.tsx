"use client";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowRight, FileText } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { type DragEvent, type FormEvent, useId, useState } from "react";
import type { JobBody } from "@/lib/jobs/contracts";
import { ApiError } from "../tasks/api";
import { Button, buttonClasses } from "../ui/button";
import { Card } from "../ui/card";
import { cn } from "../ui/cn";
import { createJob, jobKeys } from "./api";
import { SkillsEditor } from "./skills-editor";
import { useJob } from "./use-job";

/** A pasted or dropped job description is capped here (the API's own limit is the same order). */
const DESCRIPTION_MAX_CHARS = 20_000;
/** A JD file larger than this is not a job description. */
const JD_FILE_MAX_BYTES = 512 * 1024;

/**
 * New job: a title and the description, pasted or dropped as a text file (read in the browser,
 * never uploaded as a file). After `POST /api/jobs` the extracted skills are shown for editing.
 */
export function NewJobForm() {
  const t = useTranslations("jobs.new");
  const queryClient = useQueryClient();
  const ids = { title: useId(), description: useId(), file: useId() };
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [location, setLocation] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<JobBody | null>(null);

  async function readFile(file: File | undefined) {
    setError(null);
    if (!file) return;
    if (file.size > JD_FILE_MAX_BYTES) return setError(t("fileTooLarge"));
    const text = await file.text();
    // A binary file (PDF, DOCX) read as text is full of replacement characters and NULs.
    const head = text.slice(0, 4096);
    if (head.includes("\u0000") || head.includes("\uFFFD")) return setError(t("fileNotText"));
    setDescription(text.slice(0, DESCRIPTION_MAX_CHARS));
  }

  function onDrop(e: DragEvent<HTMLElement>) {
    e.preventDefault();
    setDragging(false);
    void readFile(e.dataTransfer.files[0]);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!title.trim() || !description.trim()) return setError(t("required"));
    setBusy(true);
    setError(null);
    try {
      const job = await createJob({ title: title.trim(), description, ...(location.trim() ? { location: location.trim() } : {}) });
      queryClient.setQueryData(jobKeys.detail(job.id), job);
      void queryClient.invalidateQueries({ queryKey: jobKeys.all, exact: true });
      setCreated(job);
    } catch (err) {
      setError(err instanceof ApiError && err.status !== 0 ? t("createError", { message: err.message }) : t("network"));
    } finally {
      setBusy(false);
    }
  }

  if (created) return <Created id={created.id} />;

  const input = "w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-indigo-600";
  return (
    <Card aria-labelledby="new-job-title">
      <h1 id="new-job-title" className="text-2xl font-bold tracking-tight">
        {t("title")}
      </h1>
      <form noValidate onSubmit={onSubmit} className="mt-5 space-y-4" data-testid="new-job-form">
        <div>
          <label htmlFor={ids.title} className="text-sm font-medium text-slate-800">
            {t("jobTitle")}
          </label>
          <input
            id={ids.title}
            value={title}
            maxLength={200}
            onChange={(e) => setTitle(e.target.value)}
            className={cn(input, "mt-1")}
            data-testid="job-title-input"
          />
        </div>
        <div>
          <label htmlFor={`${ids.title}-loc`} className="text-sm font-medium text-slate-800">
            {t("location")}
          </label>
          <input
            id={`${ids.title}-loc`}
            value={location}
            maxLength={200}
            onChange={(e) => setLocation(e.target.value)}
            className={cn(input, "mt-1")}
            data-testid="job-location-input"
          />
        </div>
        <div>
          <div className="flex flex-wrap items-end justify-between gap-2">
            <label htmlFor={ids.description} className="text-sm font-medium text-slate-800">
              {t("description")}
            </label>
            <label htmlFor={ids.file} className={buttonClasses("ghost", "cursor-pointer px-2 py-1 text-xs")}>
              <FileText aria-hidden className="size-3.5" />
              {t("fromFile")}
            </label>
            <input
              id={ids.file}
              type="file"
              accept=".txt,.md,text/plain,text/markdown"
              className="sr-only"
              data-testid="jd-file-input"
              onChange={(e) => void readFile(e.target.files?.[0])}
            />
          </div>
          <textarea
            id={ids.description}
            value={description}
            maxLength={DESCRIPTION_MAX_CHARS}
            onChange={(e) => setDescription(e.target.value)}
            rows={12}
            placeholder={t("descriptionPlaceholder")}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={cn(input, "mt-1 font-mono text-xs sm:text-sm", dragging && "ring-2 ring-indigo-400")}
            data-testid="job-description-input"
          />
        </div>
        {error ? (
          <p role="alert" className="text-sm text-rose-700" data-testid="new-job-error">
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={busy} data-testid="create-job">
          {busy ? t("creating") : t("create")}
        </Button>
      </form>
    </Card>
  );
}

/** After creation: the extracted skills, editable, and the way on to the job. */
function Created({ id }: { id: string }) {
  const t = useTranslations("jobs.new");
  const job = useJob(id);
  return (
    <div className="space-y-4" data-testid="job-created" data-job-id={id}>
      <Card>
        <h1 className="text-xl font-semibold">{t("createdTitle", { title: job.data?.title ?? "" })}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("createdBody")}</p>
        <div className="mt-4 flex flex-wrap gap-2">
          <Link href={`/jobs/${id}/upload`} className={buttonClasses("primary")} data-testid="created-upload">
            {t("uploadResumes")}
          </Link>
          <Link href={`/jobs/${id}`} className={buttonClasses("secondary")} data-testid="created-open-job">
            {t("openJob")}
            <ArrowRight aria-hidden className="size-4" />
          </Link>
        </div>
      </Card>
      {job.data ? <SkillsEditor job={job.data} /> : null}
    </div>
  );
}
