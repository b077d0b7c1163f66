"use client";
import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, UploadCloud, X, XCircle } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { type DragEvent, type FormEvent, useId, useState } from "react";
import type { BatchUploadBody } from "@/lib/jobs/contracts";
import { ApiError } from "../tasks/api";
import { Button, buttonClasses } from "../ui/button";
import { Card } from "../ui/card";
import { cn } from "../ui/cn";
import { RetryCountdownNotice, RetryIn, useRetryCountdown } from "../ui/retry-countdown";
import { jobKeys, uploadJobResumes } from "./api";

/** The server's limits for one request (docs/recruiting.md): files per request and bytes per request. */
const MAX_FILES = 200;
const MAX_TOTAL_BYTES = 100 * 1024 * 1024;
const ACCEPT = ".pdf,.docx,.txt,.md,.markdown,.json,.zip,application/pdf,application/zip";

/**
 * Bulk upload to a job: drop or pick files (or one ZIP); the count and total size are checked
 * here, each file's content by the server. With nothing refused the batch's progress page opens
 * at once; otherwise the refusals are listed first, with the way on to the batch. A request
 * limit's 429 counts down to its `Retry-After` on the disabled button, the files kept.
 */
export function UploadForm({ jobId }: { jobId: string }) {
  const t = useTranslations("batches.upload");
  const router = useRouter();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);
  const countdown = useRetryCountdown();
  const [result, setResult] = useState<{ body: BatchUploadBody; accepted: boolean } | null>(null);
  const total = files.reduce((a, f) => a + f.size, 0);
  const limitError = files.length > MAX_FILES ? t("tooMany", { max: MAX_FILES }) : total > MAX_TOTAL_BYTES ? t("tooLarge", { maxMb: 100 }) : null;

  function add(list: FileList | null) {
    setError(null);
    setResult(null);
    if (!list) return;
    const known = new Set(files.map((f) => `${f.name}:${f.size}`));
    setFiles([...files, ...[...list].filter((f) => !known.has(`${f.name}:${f.size}`))]);
  }

  function onDrop(e: DragEvent<HTMLElement>) {
    e.preventDefault();
    setDragging(false);
    if (!busy) add(e.dataTransfer.files);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (files.length === 0) return setError(t("noFiles"));
    if (limitError) return setError(limitError);
    if (countdown.waiting) return;
    setBusy(true);
    setError(null);
    try {
      const uploaded = await uploadJobResumes(jobId, files);
      void queryClient.invalidateQueries({ queryKey: jobKeys.ranking(jobId) });
      const refused = uploaded.body.items.some((i) => "error" in i);
      if (!refused) return router.push(`/batches/${uploaded.body.batchId}`);
      setResult(uploaded);
      setFiles([]);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return router.replace("/sign-in");
      if (countdown.startFrom(err)) return;
      setError(err instanceof ApiError && err.status !== 0 ? t("serverError", { message: err.message }) : t("network"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4" data-testid="upload-page">
      <Card aria-labelledby="upload-title">
        <h1 id="upload-title" className="text-xl font-semibold">
          {t("title")}
        </h1>
        <p className="mt-1 text-sm text-slate-600">{t("hint", { max: MAX_FILES, maxMb: 100 })}</p>
        <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
          <label
            htmlFor={inputId}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={cn(
              "flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed p-8 text-center",
              dragging ? "border-indigo-400 bg-indigo-50" : "border-slate-300 hover:border-indigo-300",
            )}
            data-testid="upload-drop-zone"
          >
            <UploadCloud aria-hidden className="size-8 text-indigo-500" />
            <span className="font-medium text-slate-800">{t("drop")}</span>
            <span className="text-xs text-slate-500">{t("types")}</span>
          </label>
          <input id={inputId} type="file" multiple accept={ACCEPT} className="sr-only" onChange={(e) => add(e.target.files)} data-testid="upload-input" />
          {files.length > 0 ? (
            <div>
              <p className="text-sm text-slate-700" data-testid="upload-count">
                {t("chosen", { count: files.length, mb: (total / (1024 * 1024)).toFixed(1) })}
              </p>
              <ul className="mt-2 max-h-60 space-y-1 overflow-auto text-sm">
                {files.map((f) => (
                  <li key={`${f.name}:${f.size}`} className="flex items-center gap-2 rounded-lg bg-slate-50 px-2 py-1" data-testid="upload-file">
                    <span className="min-w-0 flex-1 truncate">{f.name}</span>
                    <button
                      type="button"
                      onClick={() => setFiles(files.filter((x) => x !== f))}
                      aria-label={t("remove", { name: f.name })}
                      className="rounded p-0.5 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-600"
                    >
                      <X aria-hidden className="size-3.5" />
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {error || limitError ? (
            <p role="alert" className="text-sm text-rose-700" data-testid="upload-error">
              {error ?? limitError}
            </p>
          ) : null}
          <RetryCountdownNotice seconds={countdown.seconds} testId="upload-retry" />
          <Button type="submit" disabled={busy || files.length === 0 || Boolean(limitError) || countdown.waiting} data-testid="upload-submit">
            {busy ? t("sending") : countdown.waiting ? <RetryIn seconds={countdown.seconds} /> : t("send", { count: files.length })}
          </Button>
        </form>
      </Card>
      {result ? <UploadResult jobId={jobId} result={result} /> : null}
    </div>
  );
}

function UploadResult({ jobId, result }: { jobId: string; result: { body: BatchUploadBody; accepted: boolean } }) {
  const t = useTranslations("batches.upload");
  return (
    <Card data-testid="upload-result" data-accepted={result.accepted ? "true" : "false"}>
      <h2 className="font-semibold">{result.accepted ? t("acceptedTitle") : t("allRefused")}</h2>
      <ul className="mt-3 space-y-1 text-sm">
        {result.body.items.map((item) => (
          <li key={item.fileName} className="flex items-start gap-2" data-testid="upload-result-item" data-file={item.fileName} data-refused={"error" in item}>
            {"error" in item ? (
              <XCircle aria-hidden className="mt-0.5 size-4 shrink-0 text-rose-600" />
            ) : (
              <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-600" />
            )}
            <span className="min-w-0 [overflow-wrap:anywhere]">
              {item.fileName}
              {"error" in item ? (
                <span className="block text-rose-700">{item.error.message}</span>
              ) : item.duplicate ? (
                <span className="text-slate-500"> · {t("duplicate")}</span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        {result.accepted ? (
          <Link href={`/batches/${result.body.batchId}`} className={buttonClasses("primary")} data-testid="upload-go-batch">
            {t("follow")}
          </Link>
        ) : null}
        <Link href={`/jobs/${jobId}`} className={buttonClasses("secondary")}>
          {t("backToJob")}
        </Link>
      </div>
    </Card>
  );
}
