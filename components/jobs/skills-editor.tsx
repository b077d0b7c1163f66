"use client";
import { Plus, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import type { JobBody } from "@/lib/jobs/contracts";
import { isEndState } from "../tasks/api";
import { EngineBadge } from "../tasks/engine-badge";
import { Card } from "../ui/card";
import { Spinner } from "../ui/spinner";
import { useUpdateJob } from "./use-job";

type Kind = "requiredSkills" | "preferredSkills";

/**
 * The job's required and preferred skills as chips: add one, remove one, each saved at once
 * (`PATCH /api/jobs/{id}`). While the model still refines the extraction (`skillsStatus` not
 * ended) a note says so; the job is polled meanwhile (useJob).
 */
export function SkillsEditor({ job }: { job: JobBody }) {
  const t = useTranslations("jobs.skills");
  const update = useUpdateJob(job.id, t("saveError"));
  const refining = job.skillsStatus !== null && !isEndState(job.skillsStatus);
  const save = (kind: Kind, skills: string[]) => update.mutate({ [kind]: skills });
  return (
    <Card aria-labelledby="skills-title" data-testid="skills-editor">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="skills-title" className="text-lg font-semibold">
          {t("title")}
        </h2>
        {job.skillsSource === "edited" ? (
          <span className="text-xs text-slate-500" data-testid="skills-source">
            {t("edited")}
          </span>
        ) : (
          <EngineBadge engine={job.skillsSource} compact />
        )}
        {refining ? (
          <span className="inline-flex items-center gap-1 text-xs text-sky-700" data-testid="skills-refining">
            <Spinner className="size-3" />
            {t("refining")}
          </span>
        ) : null}
      </div>
      <div className="mt-4 grid gap-5 sm:grid-cols-2">
        {(["requiredSkills", "preferredSkills"] as const).map((kind) => (
          <SkillList key={kind} kind={kind} skills={job[kind]} busy={update.isPending} onChange={(s) => save(kind, s)} />
        ))}
      </div>
    </Card>
  );
}

function SkillList({ kind, skills, busy, onChange }: { kind: Kind; skills: string[]; busy: boolean; onChange: (skills: string[]) => void }) {
  const t = useTranslations("jobs.skills");
  const inputId = useId();
  const [draft, setDraft] = useState("");
  function add(e: FormEvent) {
    e.preventDefault();
    const skill = draft.trim();
    if (!skill) return;
    setDraft("");
    if (!skills.some((s) => s.toLowerCase() === skill.toLowerCase())) onChange([...skills, skill]);
  }
  return (
    <div data-testid={`skills-${kind}`}>
      <h3 className="text-sm font-medium text-slate-800">{t(kind)}</h3>
      {skills.length === 0 ? <p className="mt-2 text-sm text-slate-500">{t("none")}</p> : null}
      <ul className="mt-2 flex flex-wrap gap-1.5">
        {skills.map((s) => (
          <li
            key={s}
            data-testid="skill-chip"
            data-skill={s}
            className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-0.5 pl-2.5 pr-1 text-sm text-indigo-800 ring-1 ring-inset ring-indigo-200"
          >
            {s}
            <button
              type="button"
              disabled={busy}
              onClick={() => onChange(skills.filter((x) => x !== s))}
              aria-label={t("remove", { skill: s })}
              data-testid="skill-remove"
              className="rounded-full p-0.5 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <X aria-hidden className="size-3.5" />
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={add} className="mt-2 flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          {t("addLabel")}
        </label>
        <input
          id={inputId}
          value={draft}
          maxLength={60}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={t("addPlaceholder")}
          data-testid="skill-input"
          className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-indigo-600"
        />
        <button
          type="submit"
          disabled={busy || !draft.trim()}
          aria-label={t("add")}
          data-testid="skill-add"
          className="rounded-lg border border-slate-300 px-2 text-slate-700 hover:bg-slate-50 disabled:text-slate-300 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <Plus aria-hidden className="size-4" />
        </button>
      </form>
    </div>
  );
}
