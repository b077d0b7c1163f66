"use client";

import { FileQuestion } from "lucide-react";
import Link from "next/link";
import { ApiError } from "./tasks/api";
import { Button, buttonClasses } from "./ui/button";
import { Card } from "./ui/card";
import { Skeleton } from "./ui/skeleton";
import { useSignInOn401 } from "./use-sign-in-on-401";

type Texts = { loading: string; notFoundTitle: string; notFoundBody: string; backToList: string; loadError: string; retry: string };

/**
 * The states of a detail page's query before there is data: a skeleton while loading (or
 * while an expired session redirects to sign-in), "not found" for what the API answers 404 to
 * (another user's resource looks exactly like a missing one), else a retryable load error.
 * Render it while the page has no data (or the session expired).
 *
 * @param error the query's error, if any (an {@link ApiError} carries the HTTP status).
 */
export function DetailQueryState(p: { pending: boolean; error: unknown; onRetry: () => void; texts: Texts; backHref: string; testIdPrefix: string }) {
  const unauthorized = useSignInOn401(p.error);
  const errorStatus = p.error instanceof ApiError ? p.error.status : undefined;

  if (p.pending || unauthorized) {
    return (
      <div className="space-y-4" role="status" aria-busy="true" aria-label={p.texts.loading} data-testid={`${p.testIdPrefix}-loading`}>
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  const notFound = errorStatus !== undefined && [400, 404, 422].includes(errorStatus);
  return notFound ? (
    <Card className="flex flex-col items-center gap-3 py-12 text-center" data-testid={`${p.testIdPrefix}-not-found`}>
      <FileQuestion aria-hidden className="size-10 text-slate-400" />
      <h1 className="text-xl font-semibold">{p.texts.notFoundTitle}</h1>
      <p className="max-w-md text-sm text-slate-600">{p.texts.notFoundBody}</p>
      <Link href={p.backHref} className={buttonClasses("secondary", "mt-2")}>
        {p.texts.backToList}
      </Link>
    </Card>
  ) : (
    <Card role="alert" className="text-center" data-testid={`${p.testIdPrefix}-error`}>
      <p className="text-sm text-rose-700">{p.texts.loadError}</p>
      <Button variant="secondary" className="mt-3" onClick={p.onRetry}>
        {p.texts.retry}
      </Button>
    </Card>
  );
}
