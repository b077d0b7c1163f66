"use client";
import { useQueryClient } from "@tanstack/react-query";
import { AlertCircle, FileText, Info, UploadCloud, X } from "lucide-react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { type DragEvent, type FormEvent, useEffect, useId, useRef, useState } from "react";
import { toast } from "sonner";
import { ApiError } from "../tasks/api";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { RetryCountdownNotice, RetryIn, useRetryCountdown } from "../ui/retry-countdown";
import { Spinner } from "../ui/spinner";
import {
  checkDocumentFile,
  DOCUMENT_ACCEPT,
  type DocumentRejection,
  knowledgeKeys,
  MAX_DOCUMENT_MB,
  MAX_FILES_PER_UPLOAD,
  type UploadItem,
  uploadDocuments,
} from "./api";
import { formatBytes } from "./format";

type Phase = { kind: "idle" } | { kind: "uploading"; fraction: number } | { kind: "starting" };
/** A file the server did not take (or took as a duplicate), to tell the reader after the upload. */
type Outcome = { fileName: string; kind: "refused"; message: string } | { fileName: string; kind: "duplicate" };

/** Server error codes with their own message; anything else shows the server's words. */
const SERVER_CODES: Record<string, "payloadTooLarge" | "unsupportedMediaType" | "unprocessable" | "tooManyFiles"> = {
  "payload_too_large:upload": "payloadTooLarge",
  "unsupported_media_type:upload": "unsupportedMediaType",
  "unprocessable:upload": "unprocessable",
  "too_many_files:upload": "tooManyFiles",
};

/**
 * Add documents: drop many files or pick them (PDF, DOCX, TXT, Markdown; ≤ 50 MB each, ≤ 50 at a
 * time), see what was refused before sending, send them in one request with a progress bar, then
 * hear which were refused or already there. The rows appear in the list with their live status.
 */
export function DocumentUpload({ knowledgeBaseId }: { knowledgeBaseId: string }) {
  const t = useTranslations("knowledge.upload");
  const locale = useLocale();
  const router = useRouter();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const ids = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [rejected, setRejected] = useState<{ name: string; reason: DocumentRejection }[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const [dragging, setDragging] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const busy = phase.kind !== "idle";
  const countdown = useRetryCountdown();

  useEffect(() => () => abortRef.current?.abort(), []);

  function add(list: FileList | null | undefined) {
    setError(null);
    setOutcomes([]);
    if (!list || list.length === 0) return;
    const ok: File[] = [];
    const refused: { name: string; reason: DocumentRejection }[] = [];
    for (const f of Array.from(list)) {
      const reason = checkDocumentFile(f);
      if (reason) refused.push({ name: f.name, reason });
      else ok.push(f);
    }
    setRejected(refused);
    setFiles((prev) => {
      const seen = new Set(prev.map((f) => `${f.name}\n${f.size}`));
      return [...prev, ...ok.filter((f) => !seen.has(`${f.name}\n${f.size}`))];
    });
    if (inputRef.current) inputRef.current.value = "";
  }

  function onDrop(e: DragEvent<HTMLElement>) {
    e.preventDefault();
    setDragging(false);
    if (!busy) add(e.dataTransfer.files);
  }

  function serverMessage(item: { code: string; message: string }): string {
    const key = Object.hasOwn(SERVER_CODES, item.code) ? SERVER_CODES[item.code] : undefined;
    return key ? t(`server.${key}`, { maxMb: MAX_DOCUMENT_MB, max: MAX_FILES_PER_UPLOAD }) : item.message;
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy || countdown.waiting) return;
    if (files.length === 0) return setError(t("errors.noFile"));
    if (files.length > MAX_FILES_PER_UPLOAD) return setError(t("errors.tooMany", { max: MAX_FILES_PER_UPLOAD }));
    setError(null);
    setOutcomes([]);
    setPhase({ kind: "uploading", fraction: 0 });
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const result = await uploadDocuments(
        knowledgeBaseId,
        files,
        (fraction) => setPhase(fraction >= 1 ? { kind: "starting" } : { kind: "uploading", fraction }),
        controller.signal,
      );
      const next: Outcome[] = result.items.flatMap((item: UploadItem): Outcome[] =>
        "error" in item
          ? [{ fileName: item.fileName, kind: "refused", message: serverMessage(item.error) }]
          : item.duplicate
            ? [{ fileName: item.fileName, kind: "duplicate" }]
            : [],
      );
      const accepted = result.items.filter((i) => !("error" in i)).length;
      setOutcomes(next);
      setFiles([]);
      setRejected([]);
      if (accepted > 0) toast.success(t("sent", { count: accepted }), { id: "kb-upload" });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: knowledgeKeys.detail(knowledgeBaseId) }),
        queryClient.invalidateQueries({ queryKey: knowledgeKeys.all, exact: true }),
      ]);
    } catch (err) {
      if (err instanceof DOMException && err.name === "AbortError") return;
      if (err instanceof ApiError) {
        if (err.status === 401) return router.replace("/sign-in");
        if (countdown.startFrom(err)) return;
        setError(err.status === 0 ? t("errors.network") : serverMessage(err));
      } else {
        setError(t("errors.generic"));
      }
    } finally {
      setPhase({ kind: "idle" });
    }
  }

  const percent = phase.kind === "uploading" ? Math.round(phase.fraction * 100) : 100;

  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate data-testid="document-upload">
      <label
        htmlFor={`${ids}-input`}
        data-testid="document-dropzone"
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
          "flex cursor-pointer flex-col items-center justify-center gap-1.5 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors",
          "has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-indigo-600",
          dragging ? "border-indigo-500 bg-indigo-50" : "border-slate-300 bg-slate-50 hover:border-slate-400",
          busy && "pointer-events-none opacity-60",
        )}
      >
        <UploadCloud aria-hidden className="size-7 text-indigo-600" />
        <span className="text-sm font-medium text-slate-800">
          {t("dropHere")} <span className="text-indigo-600 underline">{t("browse")}</span>
        </span>
        <span id={`${ids}-hint`} className="text-xs text-slate-500">
          {t("accepted", { maxMb: MAX_DOCUMENT_MB, max: MAX_FILES_PER_UPLOAD })}
        </span>
        <input
          ref={inputRef}
          id={`${ids}-input`}
          type="file"
          multiple
          accept={DOCUMENT_ACCEPT}
          className="sr-only"
          disabled={busy}
          aria-describedby={`${ids}-hint`}
          data-testid="document-input"
          onChange={(e) => add(e.target.files)}
        />
      </label>

      {files.length > 0 ? (
        <ul className="space-y-1.5" data-testid="document-selected">
          {files.map((f) => (
            <li key={`${f.name}\n${f.size}`} className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-1.5 text-sm">
              <FileText aria-hidden className="size-4 shrink-0 text-slate-500" />
              <span className="min-w-0 flex-1 truncate" data-testid="document-selected-name">
                {f.name}
              </span>
              <span className="shrink-0 text-xs text-slate-500">{formatBytes(f.size, locale)}</span>
              <button
                type="button"
                onClick={() => setFiles((prev) => prev.filter((p) => p !== f))}
                disabled={busy}
                aria-label={t("remove", { name: f.name })}
                className="rounded p-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-40"
              >
                <X aria-hidden className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      {rejected.length > 0 || error ? (
        <div role="alert" data-testid="document-upload-error" className="rounded-lg border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-700">
          {error ? (
            <p className="flex items-start gap-2">
              <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>{error}</span>
            </p>
          ) : null}
          {rejected.map((r) => (
            <p key={r.name} className="flex items-start gap-2 [overflow-wrap:anywhere]">
              <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>{t(`errors.${r.reason}`, { name: r.name, maxMb: MAX_DOCUMENT_MB })}</span>
            </p>
          ))}
        </div>
      ) : null}

      {outcomes.length > 0 ? (
        <ul className="space-y-1 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm" data-testid="document-upload-outcomes">
          {outcomes.map((o) => (
            <li
              key={`${o.kind}:${o.fileName}`}
              className={cn("flex items-start gap-2 [overflow-wrap:anywhere]", o.kind === "refused" ? "text-rose-700" : "text-slate-700")}
              data-kind={o.kind}
            >
              {o.kind === "refused" ? <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" /> : <Info aria-hidden className="mt-0.5 size-4 shrink-0" />}
              <span>{o.kind === "refused" ? t("refused", { name: o.fileName, reason: o.message }) : t("duplicate", { name: o.fileName })}</span>
            </li>
          ))}
        </ul>
      ) : null}

      <RetryCountdownNotice seconds={countdown.seconds} testId="document-upload-retry" />

      {busy ? (
        <div className="space-y-1" data-testid="document-upload-progress">
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
        <Button type="submit" disabled={files.length === 0 || busy || countdown.waiting} data-testid="document-upload-submit" className="w-full sm:w-auto">
          {busy ? <Spinner /> : <UploadCloud aria-hidden className="size-4" />}
          {countdown.waiting ? <RetryIn seconds={countdown.seconds} /> : t("submit", { count: files.length })}
        </Button>
      </div>
    </form>
  );
}
