"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, BookOpen, Trash2, Users } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { DetailQueryState } from "../detail-query-state";
import { ConfirmDialog } from "../interview/confirm-dialog";
import { ApiError } from "../tasks/api";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { formatDateTime } from "../ui/format";
import { MetaList } from "../ui/meta-list";
import { isUnauthorized } from "../use-sign-in-on-401";
import { deleteKnowledgeBase, knowledgeKeys } from "./api";
import { DocumentList } from "./document-list";
import { DocumentUpload } from "./document-upload";
import { KnowledgeChat } from "./knowledge-chat";
import { useKnowledgeBase } from "./use-knowledge";

/**
 * One knowledge base: its name and embedding model, the documents (upload for a writer, each row
 * with its live status) and the chat. Two columns from `lg` up (documents | chat), one below.
 */
export function KnowledgeDetailView({ id }: { id: string }) {
  const t = useTranslations("knowledge.detail");
  const locale = useLocale();
  const router = useRouter();
  const queryClient = useQueryClient();
  const kb = useKnowledgeBase(id);
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteKnowledgeBase(id),
    onSuccess: async () => {
      toast.success(t("deleted"));
      queryClient.removeQueries({ queryKey: knowledgeKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: knowledgeKeys.all, exact: true });
      router.push("/knowledge");
    },
    onError: (err) => toast.error(t("deleteFailed"), { description: err instanceof ApiError ? err.message : undefined }),
  });

  const data = kb.data;
  if (!data || kb.isPending || isUnauthorized(kb.error)) {
    return (
      <DetailQueryState
        pending={kb.isPending}
        error={kb.error}
        onRetry={() => void kb.refetch()}
        texts={{
          loading: t("loading"),
          notFoundTitle: t("notFoundTitle"),
          notFoundBody: t("notFoundBody"),
          backToList: t("backToList"),
          loadError: t("loadError"),
          retry: t("retry"),
        }}
        backHref="/knowledge"
        testIdPrefix="knowledge"
      />
    );
  }

  const ready = data.documents.filter((d) => d.status === "COMPLETED").length;
  return (
    <div className="space-y-6" data-testid="knowledge-page" data-knowledge-id={data.id}>
      <div>
        <Link
          href="/knowledge"
          className="inline-flex items-center gap-1 rounded text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t("backToList")}
        </Link>
        <div className="mt-3 flex items-start gap-3 sm:items-center">
          {data.shared ? (
            <Users aria-hidden className="size-6 shrink-0 text-indigo-500" />
          ) : (
            <BookOpen aria-hidden className="size-6 shrink-0 text-slate-400" />
          )}
          <h1 className="min-w-0 flex-1 text-xl font-semibold [overflow-wrap:anywhere] sm:text-2xl" data-testid="knowledge-name">
            {data.name}
          </h1>
          {data.canWrite ? (
            <Button
              variant="ghost"
              onClick={() => setConfirming(true)}
              disabled={remove.isPending}
              className="shrink-0 px-2 text-rose-700"
              data-testid="knowledge-delete"
            >
              <Trash2 aria-hidden className="size-4" />
              <span className="sr-only sm:not-sr-only">{t("delete")}</span>
            </Button>
          ) : null}
        </div>
        <MetaList className="mt-1 text-sm text-slate-500" testId="knowledge-meta">
          {data.shared ? <span className="font-medium text-indigo-700">{t("shared")}</span> : t("personal")}
          {t("documents", { ready, total: data.documents.length })}
          <span title={t("embeddingTitle")}>
            {data.embeddingModel} · {data.embeddingDim}d
          </span>
          <time dateTime={data.createdAt}>{formatDateTime(data.createdAt, locale)}</time>
        </MetaList>
      </div>

      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <Card aria-labelledby="kb-documents-title" data-testid="kb-documents">
          <h2 id="kb-documents-title" className="text-lg font-semibold">
            {t("documentsTitle")}
          </h2>
          {data.canWrite ? (
            <div className="mt-3">
              <DocumentUpload knowledgeBaseId={data.id} />
            </div>
          ) : (
            <p className="mt-1 text-sm text-slate-500">{t("readOnly")}</p>
          )}
          <DocumentList knowledgeBaseId={data.id} documents={data.documents} canWrite={data.canWrite} />
        </Card>
        <KnowledgeChat knowledgeBaseId={data.id} readyCount={ready} />
      </div>

      <ConfirmDialog
        open={confirming}
        title={t("deleteTitle")}
        body={t("deleteBody", { name: data.name, count: data.documents.length })}
        confirmLabel={t("delete")}
        cancelLabel={t("cancel")}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate();
        }}
        onClose={() => setConfirming(false)}
        testId="knowledge-delete-dialog"
      />
    </div>
  );
}
