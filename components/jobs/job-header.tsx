"use client";
import { ArrowLeft, Pencil, Upload, UserPlus } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { JOB_SENIORITY_VALUES, type JobBody } from "@/lib/jobs/contracts";
import { StatusPill } from "../tasks/status-badge";
import { Button, buttonClasses } from "../ui/button";
import { cn } from "../ui/cn";
import { useUpdateJob } from "./use-job";

type Seniority = (typeof JOB_SENIORITY_VALUES)[number];

/** The job's title, facts, open/closed toggle, an inline edit form and the ways to add candidates. */
export function JobHeader({ job }: { job: JobBody }) {
  const t = useTranslations("jobs");
  const update = useUpdateJob(job.id, t("saveError"));
  const [editing, setEditing] = useState(false);
  const open = job.status === "open";
  return (
    <div className="space-y-3" data-testid="job-header">
      <Link
        href="/jobs"
        className="inline-flex items-center gap-1 rounded text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t("backToList")}
      </Link>
      {editing ? (
        <EditForm
          job={job}
          busy={update.isPending}
          onCancel={() => setEditing(false)}
          onSave={(patch) => update.mutate(patch, { onSuccess: () => setEditing(false) })}
        />
      ) : (
        <div className="flex flex-wrap items-start gap-3">
          <h1 className="min-w-0 flex-1 text-2xl font-bold tracking-tight [overflow-wrap:anywhere]" data-testid="job-title">
            {job.title}
          </h1>
          <StatusPill tone={open ? "done" : "neutral"} status={job.status} testId="job-status">
            {t(`status.${job.status}`)}
          </StatusPill>
        </div>
      )}
      {!editing ? (
        <>
          <p className="text-sm text-slate-600">{[job.location, job.seniority ? t(`seniority.${job.seniority}`) : null].filter(Boolean).join(" · ")}</p>
          <div className="flex flex-wrap gap-2">
            <Link href={`/jobs/${job.id}/upload`} className={buttonClasses("primary")} data-testid="job-upload">
              <Upload aria-hidden className="size-4" />
              {t("upload")}
            </Link>
            <Link href={`/jobs/${job.id}/invite`} className={buttonClasses("secondary")} data-testid="job-invite">
              <UserPlus aria-hidden className="size-4" />
              {t("invite")}
            </Link>
            <Button variant="secondary" onClick={() => setEditing(true)} data-testid="job-edit">
              <Pencil aria-hidden className="size-4" />
              {t("edit")}
            </Button>
            <Button
              variant="ghost"
              disabled={update.isPending}
              onClick={() => update.mutate({ status: open ? "closed" : "open" })}
              data-testid="job-toggle-status"
            >
              {open ? t("close") : t("reopen")}
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}

function EditForm(p: {
  job: JobBody;
  busy: boolean;
  onCancel: () => void;
  onSave: (patch: { title: string; description: string; location: string | null; seniority: Seniority | null }) => void;
}) {
  const t = useTranslations("jobs");
  const id = useId();
  const [title, setTitle] = useState(p.job.title);
  const [location, setLocation] = useState(p.job.location ?? "");
  const [seniority, setSeniority] = useState<Seniority | "">(p.job.seniority ?? "");
  const [description, setDescription] = useState(p.job.description);
  const input = "mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-indigo-600";
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!title.trim() || !description.trim()) return;
    p.onSave({ title: title.trim(), description, location: location.trim() || null, seniority: seniority || null });
  }
  return (
    <form onSubmit={submit} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4" data-testid="job-edit-form">
      <label htmlFor={`${id}-t`} className="block text-sm font-medium">
        {t("new.jobTitle")}
        <input id={`${id}-t`} value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} className={input} data-testid="job-edit-title" />
      </label>
      <div className="grid gap-3 sm:grid-cols-2">
        <label htmlFor={`${id}-l`} className="block text-sm font-medium">
          {t("new.location")}
          <input id={`${id}-l`} value={location} maxLength={200} onChange={(e) => setLocation(e.target.value)} className={input} />
        </label>
        <label htmlFor={`${id}-s`} className="block text-sm font-medium">
          {t("seniorityLabel")}
          <select id={`${id}-s`} value={seniority} onChange={(e) => setSeniority(e.target.value as Seniority | "")} className={cn(input, "bg-white")}>
            <option value="">{t("seniorityAny")}</option>
            {JOB_SENIORITY_VALUES.map((s) => (
              <option key={s} value={s}>
                {t(`seniority.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label htmlFor={`${id}-d`} className="block text-sm font-medium">
        {t("new.description")}
        <textarea
          id={`${id}-d`}
          rows={8}
          value={description}
          maxLength={20_000}
          onChange={(e) => setDescription(e.target.value)}
          className={cn(input, "font-mono text-xs")}
        />
      </label>
      <div className="flex gap-2">
        <Button type="submit" disabled={p.busy} data-testid="job-edit-save">
          {t("save")}
        </Button>
        <Button variant="secondary" onClick={p.onCancel}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}
