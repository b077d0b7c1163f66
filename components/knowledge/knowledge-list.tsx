"use client";
import { BookOpen, ChevronRight, Inbox, Users } from "lucide-react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { formatDateTime } from "../ui/format";
import { MetaList } from "../ui/meta-list";
import { Skeleton } from "../ui/skeleton";
import { useSignInOn401 } from "../use-sign-in-on-401";
import { useKnowledgeBases } from "./use-knowledge";

/** "Knowledge bases": the person's own, then their organisation's shared ones, with how many documents are ready. */
export function KnowledgeList() {
  const t = useTranslations("knowledge.list");
  const locale = useLocale();
  const query = useKnowledgeBases();
  useSignInOn401(query.error);

  return (
    <Card aria-labelledby="knowledge-list-title" data-testid="knowledge-list">
      <h2 id="knowledge-list-title" className="text-lg font-semibold">
        {t("title")}
      </h2>
      {query.isPending ? (
        <div className="mt-4 space-y-3" role="status" aria-busy="true" aria-label={t("loading")} data-testid="knowledge-list-loading">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <div role="alert" className="mt-4 rounded-lg border border-rose-200 bg-rose-50 p-4 text-sm text-rose-700" data-testid="knowledge-list-error">
          <p>{t("loadError")}</p>
          <Button variant="secondary" className="mt-3" onClick={() => query.refetch()}>
            {t("retry")}
          </Button>
        </div>
      ) : query.data.items.length === 0 ? (
        <div
          className="mt-4 flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center"
          data-testid="knowledge-list-empty"
        >
          <Inbox aria-hidden className="size-8 text-slate-400" />
          <p className="font-medium text-slate-700">{t("emptyTitle")}</p>
          <p className="max-w-md text-sm text-slate-500">{t("emptyBody")}</p>
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100" data-testid="knowledge-items">
          {query.data.items.map((kb) => (
            <li key={kb.id}>
              <Link
                href={`/knowledge/${kb.id}`}
                data-testid="knowledge-item"
                data-knowledge-id={kb.id}
                data-shared={kb.shared || undefined}
                className="-mx-2 flex items-center gap-3 rounded-lg px-2 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                {kb.shared ? (
                  <Users aria-hidden className="size-5 shrink-0 text-indigo-500" />
                ) : (
                  <BookOpen aria-hidden className="size-5 shrink-0 text-slate-400" />
                )}
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900" data-testid="knowledge-item-name">
                    {kb.name}
                  </p>
                  <MetaList className="mt-0.5 text-xs text-slate-500" testId="knowledge-item-meta">
                    {kb.shared ? <span className="font-medium text-indigo-700">{t("shared")}</span> : t("personal")}
                    {t("documents", { ready: kb.readyCount, total: kb.documentCount })}
                    <time dateTime={kb.createdAt}>{formatDateTime(kb.createdAt, locale)}</time>
                  </MetaList>
                </div>
                <ChevronRight aria-hidden className="size-4 shrink-0 text-slate-400" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
