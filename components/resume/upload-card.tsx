"use client";
import { useQueryClient } from "@tanstack/react-query";
import { AlertCircle, FileText, UploadCloud, X } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { type DragEvent, type FormEvent, useEffect, useId, useRef, useState } from "react";
import { toast } from "sonner";
import { ApiError } from "../tasks/api";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { cn } from "../ui/cn";
import { RetryCountdownNotice, RetryIn, useRetryCountdown } from "../ui/retry-countdown";
import { Spinner } from "../ui/spinner";
import { resumeKeys } from "./api";
import { ACCEPT_ATTRIBUTE, type ClientRejection, checkUploadFile, MAX_UPLOAD_MB, uploadResume } from "./upload";

type Phase = { kind: "idle" } | { kind: "uploading"; fraction: number } | { kind: "starting" };

/** Server error codes with their own message; anything else shows the server's words. */
const SERVER_CODES = {
  "payload_too_large:upload": "payloadTooLarge",
  "unsupported_media_type:upload": "unsupportedMediaType",
  "unprocessable:upload": "unprocessable",
} as const;
type ServerCode = keyof typeof SERVER_CODES;

const JD_MAX_CHARS = 20_000;

function formatBytes(n: number, locale?: string): string {
  const fmt = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  if (n < 1024) return `${fmt.format(n)} B`;
  if (n < 1024 * 1024) return `${fmt.format(n / 1024)} KB`;
  return `${fmt.format(n / (1024 * 1024))} MB`;
}

/**
 * Upload a resume: drop a file or pick one, optionally paste a job description, send it with a
 * progress bar, then go to the resume's page. A duplicate goes to the earlier upload. A request
 * limit's 429 (or a money budget's) counts down to its `Retry-After` on the disabled button.
 */
export function UploadCard() {
  const t = useTranslations("upload");
  const router = useRouter();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const ids = { input: useId(), jd: useId(), error: useId(), hint: useId() };
  const [file, setFile] = useState<File | null>(null);
  const [jobDescription, setJobDescription] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const busy = phase.kind !== "idle";
  const countdown = useRetryCountdown();

  useEffect(() => () => abortRef.current?.abort(), []);

  function rejectionMessage(reason: ClientRejection): string {
    return t(`errors.${reason}`, { maxMb: MAX_UPLOAD_MB });
  }

  async function choose(next: File | undefined | null) {
    setError(null);
    if (!next) return;
    const rejection = await checkUploadFile(next);
    if (rejection) {
      setFile(null);
      setError(rejectionMessage(rejection));
      if (inputRef.current) inputRef.current.value = "";
      return;
    }
    setFile(next);
  }

  function clearFile() {
    setFile(null);
    setError(null);
    if (inputRef.current) inputRef.current.value = "";
  }

  function onDrop(e: DragEvent<HTMLElement>) {
    e.preventDefault();
    setDragging(false);
    if (busy) return;
    const files = e.dataTransfer.files;
    if (files.length > 1) {
      setError(t("errors.oneFile"));
      return;
    }
    void choose(files[0]);
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!file || busy || countdown.waiting) {
      if (!file) setError(t("errors.noFile"));
      return;
    }
    setError(null);
    setPhase({ kind: "uploading", fraction: 0 });
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const result = await uploadResume(
        { file, jobDescription },
        (fraction) => setPhase(fraction >= 1 ? { kind: "starting" } : { kind: "uploading", fraction }),
        controller.signal,
      );
      await queryClient.invalidateQueries({ queryKey: resumeKeys.all });
      if (result.duplicate) toast.info(t("duplicate"), { id: "upload-duplicate" });
      router.push(`/resumes/${result.resumeId}`);
    } catch (err) {
      setPhase({ kind: "idle" });
      if (err instanceof DOMException && err.name === "AbortError") return;
      if (err instanceof ApiError) {
        if (err.status === 401) {
          router.replace("/sign-in");
          return;
        }
        if (countdown.startFrom(err)) return;
        const key = Object.hasOwn(SERVER_CODES, err.code) ? SERVER_CODES[err.code as ServerCode] : null;
        if (err.status === 0) setError(t("errors.network"));
        else if (key) setError(t(`server.${key}`, { maxMb: MAX_UPLOAD_MB }));
        else setError(err.message || t("errors.generic"));
      } else {
        setError(t("errors.generic"));
      }
    }
  }

  const percent = phase.kind === "uploading" ? Math.round(phase.fraction * 100) : 100;

  return (
    <Card aria-labelledby={`${ids.input}-title`} data-testid="upload-card">
      <h2 id={`${ids.input}-title`} className="text-lg font-semibold">
        {t("title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("description")}</p>
      <form onSubmit={onSubmit} className="mt-4 space-y-4" noValidate>
        <label
          htmlFor={ids.input}
          data-testid="upload-dropzone"
          data-dragging={dragging || undefined}
          onDragEnter={(e) => {
            e.preventDefault();
            if (!busy) setDragging(true);
          }}
          onDragOver={(e) => {
            e.preventDefault();
            e.dataTransfer.dropEffect = busy ? "none" : "copy";
          }}
          onDragLeave={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
          }}
          onDrop={onDrop}
          className={cn(
            "flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors",
            "has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-indigo-600",
            dragging ? "border-indigo-500 bg-indigo-50" : "border-slate-300 bg-slate-50 hover:border-slate-400",
            busy && "pointer-events-none opacity-60",
            error && !file && "border-rose-300",
          )}
        >
          <UploadCloud aria-hidden className="size-8 text-indigo-600" />
          <span className="text-sm font-medium text-slate-800">
            {t("dropHere")} <span className="text-indigo-600 underline">{t("browse")}</span>
          </span>
          <span id={ids.hint} className="text-xs text-slate-500">
            {t("accepted", { maxMb: MAX_UPLOAD_MB })}
          </span>
          <input
            ref={inputRef}
            id={ids.input}
            type="file"
            accept={ACCEPT_ATTRIBUTE}
            className="sr-only"
            disabled={busy}
            aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
            aria-invalid={error ? true : undefined}
            data-testid="upload-input"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        </label>

        {file ? (
          <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm">
            <FileText aria-hidden className="size-5 shrink-0 text-slate-500" />
            <span className="min-w-0 flex-1 truncate font-medium" data-testid="upload-file-name">
              {file.name}
            </span>
            <span className="shrink-0 text-xs text-slate-500">{formatBytes(file.size)}</span>
            <button
              type="button"
              onClick={clearFile}
              disabled={busy}
              aria-label={t("remove", { name: file.name })}
              className="rounded p-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-40"
            >
              <X aria-hidden className="size-4" />
            </button>
          </div>
        ) : null}

        {error ? (
          <p
            id={ids.error}
            role="alert"
            data-testid="upload-error"
            className="flex items-start gap-2 rounded-lg border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-700"
          >
            <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>{error}</span>
          </p>
        ) : null}

        <RetryCountdownNotice seconds={countdown.seconds} testId="upload-retry" />

        <div>
          <label htmlFor={ids.jd} className="block text-sm font-medium text-slate-800">
            {t("jdLabel")} <span className="font-normal text-slate-500">{t("optional")}</span>
          </label>
          <textarea
            id={ids.jd}
            rows={4}
            maxLength={JD_MAX_CHARS}
            value={jobDescription}
            disabled={busy}
            onChange={(e) => setJobDescription(e.target.value)}
            placeholder={t("jdPlaceholder")}
            data-testid="upload-jd"
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:outline-2 focus:outline-indigo-600 sm:text-sm"
          />
          <p className="mt-1 text-xs text-slate-500">{t("jdHint")}</p>
        </div>

        {busy ? (
          <div className="space-y-1" data-testid="upload-progress">
            <div className="flex justify-between text-xs text-slate-600">
              <span>{phase.kind === "starting" ? t("starting") : t("uploading")}</span>
              <span aria-hidden>{percent}%</span>
            </div>
            <div
              role="progressbar"
              aria-label={t("progressLabel")}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-2 overflow-hidden rounded-full bg-slate-200"
            >
              <div
                className={cn("h-full rounded-full bg-indigo-600 transition-[width]", phase.kind === "starting" && "animate-pulse")}
                style={{ width: `${percent}%` }}
              />
            </div>
          </div>
        ) : null}

        <div className="flex justify-end">
          <Button type="submit" disabled={!file || busy || countdown.waiting} data-testid="upload-submit" className="w-full sm:w-auto">
            {busy ? <Spinner /> : <UploadCloud aria-hidden className="size-4" />}
            {busy ? t("submitting") : countdown.waiting ? <RetryIn seconds={countdown.seconds} /> : t("submit")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
