"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ChevronDown, FileText, RotateCw, Trash2 } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { isTaskErrorCode, TASK_ERROR_BLAME } from "@/lib/tasks/error-codes";
import { ConfirmDialog } from "../interview/confirm-dialog";
import { ApiError, isEndState, type Task, type TaskStatus } from "../tasks/api";
import { useRefreshUntilShown } from "../tasks/use-refresh-until-shown";
import { useTaskStatus } from "../tasks/use-task-status";
import { formatDateTime } from "../ui/format";
import { MetaList } from "../ui/meta-list";
import { Spinner } from "../ui/spinner";
import { deleteDocument, type KnowledgeDocument, knowledgeKeys, revectorizeDocument } from "./api";
import { DocumentStatus } from "./document-status";
import { formatBytes, isDocumentKind } from "./format";

/** A document's last error as `{code, message}`, whichever shape it came in. */
function errorOf(task: Task | undefined, doc: KnowledgeDocument): { code: string; message: string | null } | null {
  if (task?.error) return { code: task.error.code, message: task.error.message ?? null };
  if (!doc.error) return null;
  return typeof doc.error === "string" ? { code: doc.error, message: null } : { code: doc.error.code, message: doc.error.message ?? null };
}

/** Refusals whose reason is about the file itself; other codes are told by whose fault they are. */
const FILE_CODES = ["no_text_layer", "encrypted", "corrupt", "unreadable", "too_short"] as const;
const isFileCode = (code: string): code is (typeof FILE_CODES)[number] => (FILE_CODES as readonly string[]).includes(code);

/**
 * One document of a knowledge base: name, live status, size, pages and passages, its error,
 * and — for a writer — re-vectorize and delete. `live`: this row holds one of the page's few
 * task streams (components/knowledge/document-list.tsx); without one its status comes from the
 * page's own refresh. When its task ends the page is fetched again until the row shows it.
 */
export function DocumentRow({ knowledgeBaseId, doc, live, canWrite }: { knowledgeBaseId: string; doc: KnowledgeDocument; live: boolean; canWrite: boolean }) {
  const t = useTranslations("knowledge.documents");
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const rowStatus: TaskStatus = doc.status ?? "PENDING";
  const { task, mode } = useTaskStatus(!isEndState(rowStatus) && live ? (doc.taskId ?? undefined) : undefined, { live: true });
  // A stream's event can be older than the row (a new task after re-vectorize): only the same task counts.
  const current = task && task.id === doc.taskId ? task : undefined;
  const status: TaskStatus = current?.status ?? rowStatus;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: knowledgeKeys.detail(knowledgeBaseId) });
  useRefreshUntilShown(Boolean(current && isEndState(current.status) && rowStatus !== current.status), refresh);

  const onFailure = (err: Error) => {
    toast.error(t("actionFailed"), { description: err instanceof ApiError ? err.message : undefined });
    refresh();
  };
  const revectorize = useMutation({
    mutationFn: () => revectorizeDocument(knowledgeBaseId, doc.id),
    onSuccess: refresh,
    onError: onFailure,
  });
  const remove = useMutation({
    mutationFn: () => deleteDocument(knowledgeBaseId, doc.id),
    onSuccess: () => {
      toast.success(t("deleted", { name: doc.fileName }));
      refresh();
      void queryClient.invalidateQueries({ queryKey: knowledgeKeys.all, exact: true });
    },
    onError: onFailure,
  });

  const error = isEndState(status) && status !== "COMPLETED" ? errorOf(current, doc) : null;
  const blame = error && isTaskErrorCode(error.code) ? TASK_ERROR_BLAME[error.code] : "service";
  const reason = error ? (isFileCode(error.code) ? t(`fileErrors.${error.code}`) : t(`failed.${blame}`)) : null;
  const busy = revectorize.isPending || remove.isPending;

  return (
    <li
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:gap-3"
      data-testid="document-row"
      data-document-id={doc.id}
      data-status={status}
      data-file-name={doc.fileName}
      data-live={live && !isEndState(status) ? mode : undefined}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <FileText aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-400" />
        <div className="min-w-0 flex-1">
          <div className="flex items-start gap-2">
            <p className="min-w-0 flex-1 text-sm font-medium text-slate-900 [overflow-wrap:anywhere]" data-testid="document-name">
              {doc.fileName}
            </p>
            <DocumentStatus status={status} />
          </div>
          <MetaList className="mt-0.5 text-xs text-slate-500" testId="document-meta">
            {isDocumentKind(doc.kind) ? t(`kind.${doc.kind}`) : doc.kind}
            {doc.sizeBytes != null ? formatBytes(doc.sizeBytes, locale) : null}
            {doc.pageCount ? t("pages", { count: doc.pageCount }) : null}
            {status === "COMPLETED" && doc.chunkCount != null ? <span data-testid="document-chunks">{t("chunks", { count: doc.chunkCount })}</span> : null}
            {status === "RETRYING" && current ? t("retrying", { attempt: current.attempts, max: current.maxAttempts }) : null}
            {status === "COMPLETED" && doc.vectorizedAt ? <time dateTime={doc.vectorizedAt}>{formatDateTime(doc.vectorizedAt, locale)}</time> : null}
          </MetaList>
          {error && reason ? (
            <div className="mt-1 text-xs text-rose-700" data-testid="document-error" data-code={error.code}>
              <p>{reason}</p>
              <details className="group">
                <summary className="inline-flex cursor-pointer items-center gap-1 rounded font-medium focus-visible:outline-2 focus-visible:outline-rose-600">
                  <ChevronDown aria-hidden className="size-3.5 transition-transform group-open:rotate-180" />
                  {t("details")}
                </summary>
                {/* The writer's own text: English, for support. */}
                <p className="mt-1 break-words font-mono" lang="en">
                  {error.code}
                  {error.message ? `: ${error.message}` : null}
                </p>
              </details>
            </div>
          ) : null}
        </div>
      </div>
      {canWrite ? (
        <div className="flex shrink-0 gap-1 pl-8 sm:pl-0">
          <button
            type="button"
            onClick={() => revectorize.mutate()}
            disabled={busy || !isEndState(status)}
            title={t("revectorize")}
            aria-label={t("revectorizeNamed", { name: doc.fileName })}
            data-testid="document-revectorize"
            className="inline-flex items-center gap-1 rounded-lg px-2 py-1.5 text-xs text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-40"
          >
            {revectorize.isPending ? <Spinner /> : <RotateCw aria-hidden className="size-4" />}
            <span className="sm:sr-only">{t("revectorize")}</span>
          </button>
          <button
            type="button"
            onClick={() => setConfirming(true)}
            disabled={busy}
            title={t("delete")}
            aria-label={t("deleteNamed", { name: doc.fileName })}
            data-testid="document-delete"
            className="inline-flex items-center gap-1 rounded-lg px-2 py-1.5 text-xs text-rose-700 hover:bg-rose-50 focus-visible:outline-2 focus-visible:outline-rose-600 disabled:opacity-40"
          >
            {remove.isPending ? <Spinner /> : <Trash2 aria-hidden className="size-4" />}
            <span className="sm:sr-only">{t("delete")}</span>
          </button>
          <ConfirmDialog
            open={confirming}
            title={t("deleteTitle")}
            body={t("deleteBody", { name: doc.fileName })}
            confirmLabel={t("delete")}
            cancelLabel={t("cancel")}
            onConfirm={() => {
              setConfirming(false);
              remove.mutate();
            }}
            onClose={() => setConfirming(false)}
            testId="document-delete-dialog"
          />
        </div>
      ) : null}
    </li>
  );
}
