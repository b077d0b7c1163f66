"use client";
import { AlertCircle, MessagesSquare } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { type Language, LEVELS, type Level, QUESTION_COUNT, ROLE_SUGGESTIONS } from "@/lib/interview/schemas";
import { useResumes } from "../resume/use-resumes";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { cn } from "../ui/cn";
import { RetryCountdownNotice, RetryIn } from "../ui/retry-countdown";
import { Spinner } from "../ui/spinner";
import { useCreateInterview } from "./use-create-interview";
import { useKnowledgeBases } from "./use-knowledge-bases";

const ROLE_MIN = 2;
const ROLE_MAX = 100;
/** The server's limit on a pasted job description, characters. */
const JD_MAX_CHARS = 50_000;
const DEFAULT_QUESTION_COUNT = 5;
const COUNTS = Array.from({ length: QUESTION_COUNT.max - QUESTION_COUNT.min + 1 }, (_, i) => QUESTION_COUNT.min + i);

const isLanguage = (v: unknown): v is Language => v === "en" || v === "zh";

/**
 * "New interview": role (free text with suggestions), level, number of questions, language
 * (the chosen resume's unless changed), an optional finished resume and an optional job
 * description, and optionally a knowledge base to draw the questions from (each question then
 * cites its passage). Creates the interview and opens its page, which follows the plan task.
 */
export function NewInterviewForm({ initialResumeId }: { initialResumeId?: string }) {
  const t = useTranslations("interview.form");
  const locale = useLocale();
  const ids = useId();
  // Always fresh on mount: a resume analysed a moment ago must be offered here.
  const resumes = useResumes({ fresh: true });
  const completed = (resumes.data?.items ?? []).filter((r) => r.status === "COMPLETED");

  const [role, setRole] = useState("");
  const [level, setLevel] = useState<Level>("mid");
  const [questionCount, setQuestionCount] = useState(DEFAULT_QUESTION_COUNT);
  const [resumeId, setResumeId] = useState(initialResumeId ?? "");
  // Follows the resume's language until the candidate picks one.
  const [languageChoice, setLanguageChoice] = useState<Language | null>(null);
  const [jobDescription, setJobDescription] = useState("");
  const knowledge = useKnowledgeBases();
  const knowledgeBases = knowledge.data ?? [];
  const [knowledgeBaseId, setKnowledgeBaseId] = useState("");
  const knowledgeBase = knowledgeBases.find((k) => k.id === knowledgeBaseId && k.readyCount > 0);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateInterview({ onError: (reason) => setServerError(t(`errors.${reason}`)) });
  // Stays busy after success too, while the new interview's page opens.
  const busy = create.isPending || create.isSuccess;

  const resume = completed.find((r) => r.id === resumeId);
  const language: Language = languageChoice ?? (isLanguage(resume?.language) ? resume.language : locale === "zh" ? "zh" : "en");
  const roleError = role.trim().length < ROLE_MIN ? "roleRequired" : role.trim().length > ROLE_MAX ? "roleTooLong" : null;
  const showRoleError = submitted && roleError;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (roleError) {
      document.getElementById(`${ids}-role`)?.focus();
      return;
    }
    if (create.countdown.waiting) return;
    create.mutate({
      role: role.trim(),
      level,
      questionCount,
      language,
      ...(resume ? { resumeId: resume.id } : {}),
      ...(jobDescription.trim() ? { jobDescription: jobDescription.trim() } : {}),
      ...(knowledgeBase ? { knowledgeBaseId: knowledgeBase.id } : {}),
    });
  }

  const fieldClass =
    "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:outline-2 focus:outline-indigo-600 disabled:bg-slate-50 sm:text-sm";

  return (
    <Card aria-labelledby={`${ids}-title`} data-testid="new-interview">
      <h2 id={`${ids}-title`} className="flex items-center gap-2 text-lg font-semibold">
        <MessagesSquare aria-hidden className="size-5 text-indigo-600" />
        {t("title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("description")}</p>
      <form onSubmit={onSubmit} noValidate className="mt-5 space-y-5">
        <div>
          <label htmlFor={`${ids}-role`} className="block text-sm font-medium text-slate-800">
            {t("role")}
          </label>
          <input
            id={`${ids}-role`}
            type="text"
            value={role}
            maxLength={ROLE_MAX + 20}
            disabled={busy}
            autoComplete="organization-title"
            placeholder={t("rolePlaceholder")}
            onChange={(e) => setRole(e.target.value)}
            aria-invalid={showRoleError ? true : undefined}
            aria-describedby={showRoleError ? `${ids}-role-error` : undefined}
            data-testid="interview-role"
            className={cn(fieldClass, showRoleError && "border-rose-400")}
          />
          {showRoleError ? (
            <p id={`${ids}-role-error`} className="mt-1 text-sm text-rose-700" data-testid="interview-role-error">
              {t(`errors.${roleError}`, { min: ROLE_MIN, max: ROLE_MAX })}
            </p>
          ) : null}
          <fieldset className="mt-2 flex min-w-0 flex-wrap gap-1.5" aria-label={t("suggestions")}>
            {ROLE_SUGGESTIONS.map((s) => {
              const label = t(`roleSuggestions.${s.id}`);
              const active = role.trim() === label;
              return (
                <button
                  key={s.id}
                  type="button"
                  disabled={busy}
                  aria-pressed={active}
                  onClick={() => setRole(label)}
                  data-testid="role-suggestion"
                  data-role-id={s.id}
                  className={cn(
                    "rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600",
                    active ? "bg-indigo-600 text-white ring-indigo-600" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50",
                  )}
                >
                  {label}
                </button>
              );
            })}
          </fieldset>
        </div>

        <div className="grid gap-5 sm:grid-cols-3">
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">{t("level")}</legend>
            <div className="mt-1 inline-flex w-full rounded-lg border border-slate-300 bg-white p-0.5" data-testid="interview-level">
              {LEVELS.map((l) => (
                <label
                  key={l}
                  className={cn(
                    "flex-1 cursor-pointer rounded-md px-2 py-1.5 text-center text-sm font-medium has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-indigo-600",
                    level === l ? "bg-slate-900 text-white" : "text-slate-600 hover:bg-slate-100",
                  )}
                >
                  <input
                    type="radio"
                    name={`${ids}-level`}
                    value={l}
                    checked={level === l}
                    disabled={busy}
                    onChange={() => setLevel(l)}
                    className="sr-only"
                    data-testid={`interview-level-${l}`}
                  />
                  {t(`levels.${l}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor={`${ids}-count`} className="block text-sm font-medium text-slate-800">
              {t("questionCount")}
            </label>
            <select
              id={`${ids}-count`}
              value={questionCount}
              disabled={busy}
              onChange={(e) => setQuestionCount(Number(e.target.value))}
              data-testid="interview-question-count"
              className={fieldClass}
            >
              {COUNTS.map((n) => (
                <option key={n} value={n}>
                  {t("questions", { count: n })}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${ids}-lang`} className="block text-sm font-medium text-slate-800">
              {t("language")}
            </label>
            <select
              id={`${ids}-lang`}
              value={language}
              disabled={busy}
              onChange={(e) => setLanguageChoice(e.target.value as Language)}
              aria-describedby={resume && !languageChoice ? `${ids}-lang-hint` : undefined}
              data-testid="interview-language"
              className={fieldClass}
            >
              <option value="en">English</option>
              <option value="zh">中文</option>
            </select>
            {resume && !languageChoice ? (
              <p id={`${ids}-lang-hint`} className="mt-1 text-xs text-slate-500">
                {t("languageFromResume")}
              </p>
            ) : null}
          </div>
        </div>

        <div>
          <label htmlFor={`${ids}-resume`} className="block text-sm font-medium text-slate-800">
            {t("resume")} <span className="font-normal text-slate-500">{t("optional")}</span>
          </label>
          <select
            id={`${ids}-resume`}
            value={resume ? resumeId : ""}
            disabled={busy || resumes.isPending}
            onChange={(e) => setResumeId(e.target.value)}
            aria-describedby={`${ids}-resume-hint`}
            data-testid="interview-resume"
            className={fieldClass}
          >
            <option value="">{resumes.isPending ? t("resumesLoading") : t("noResume")}</option>
            {completed.map((r) => (
              <option key={r.id} value={r.id}>
                {r.fileName}
                {r.overallScore != null ? ` · ${Math.round(r.overallScore)}/100` : ""}
              </option>
            ))}
          </select>
          <p id={`${ids}-resume-hint`} className="mt-1 text-xs text-slate-500" data-testid="interview-resume-hint">
            {resumes.isError
              ? t("resumesError")
              : completed.length === 0 && !resumes.isPending
                ? t("noResumesYet")
                : resume
                  ? t("resumeHint")
                  : t("noResumeHint")}
          </p>
        </div>

        <div>
          <label htmlFor={`${ids}-kb`} className="block text-sm font-medium text-slate-800">
            {t("knowledgeBase")} <span className="font-normal text-slate-500">{t("optional")}</span>
          </label>
          <select
            id={`${ids}-kb`}
            value={knowledgeBase ? knowledgeBase.id : ""}
            disabled={busy || knowledge.isPending}
            onChange={(e) => setKnowledgeBaseId(e.target.value)}
            aria-describedby={`${ids}-kb-hint`}
            data-testid="interview-knowledge-base"
            className={fieldClass}
          >
            <option value="">{knowledge.isPending ? t("knowledgeBasesLoading") : t("noKnowledgeBase")}</option>
            {knowledgeBases.map((k) => (
              <option key={k.id} value={k.id} disabled={k.readyCount === 0}>
                {k.name}
                {k.shared ? ` · ${t("knowledgeBaseShared")}` : ""}
                {k.readyCount === 0 ? ` · ${t("knowledgeBaseNotReady")}` : ""}
              </option>
            ))}
          </select>
          <p id={`${ids}-kb-hint`} className="mt-1 text-xs text-slate-500" data-testid="interview-knowledge-base-hint">
            {knowledge.isError
              ? t("knowledgeBasesError")
              : knowledgeBases.length === 0 && !knowledge.isPending
                ? t("noKnowledgeBasesYet")
                : knowledgeBase
                  ? t("knowledgeBaseHint")
                  : t("noKnowledgeBaseHint")}
          </p>
        </div>

        <div>
          <label htmlFor={`${ids}-jd`} className="block text-sm font-medium text-slate-800">
            {t("jobDescription")} <span className="font-normal text-slate-500">{t("optional")}</span>
          </label>
          <textarea
            id={`${ids}-jd`}
            rows={3}
            maxLength={JD_MAX_CHARS}
            value={jobDescription}
            disabled={busy}
            onChange={(e) => setJobDescription(e.target.value)}
            placeholder={t("jobDescriptionPlaceholder")}
            data-testid="interview-jd"
            className={fieldClass}
          />
        </div>

        {serverError ? (
          <p
            role="alert"
            data-testid="new-interview-error"
            className="flex items-start gap-2 rounded-lg border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-700"
          >
            <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>{serverError}</span>
          </p>
        ) : null}

        <RetryCountdownNotice seconds={create.countdown.seconds} testId="interview-retry" />

        <div className="flex justify-end">
          <Button type="submit" disabled={busy || create.countdown.waiting} data-testid="interview-submit" className="w-full sm:w-auto">
            {busy ? <Spinner /> : <MessagesSquare aria-hidden className="size-4" />}
            {busy ? t("submitting") : create.countdown.waiting ? <RetryIn seconds={create.countdown.seconds} /> : t("submit")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
