"use client";
import { useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { Skeleton } from "../ui/skeleton";
import { useSignInOn401 } from "../use-sign-in-on-401";
import { formatUsd } from "./format";

/** Money in micro-dollars, or the "unpriced" badge for null — never $0 for a model without a price. */
export function Money({ microUsd, testId }: { microUsd: number | null; testId?: string }) {
  const t = useTranslations("admin.common");
  const locale = useLocale();
  if (microUsd === null) {
    return (
      <span
        className="inline-flex rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200"
        title={t("unpricedHint")}
        data-testid={testId}
        data-unpriced="true"
      >
        {t("unpriced")}
      </span>
    );
  }
  return (
    <span className="tabular-nums" data-testid={testId}>
      {formatUsd(microUsd, locale)}
    </span>
  );
}

/** "N unpriced requests not included", shown under a sum that leaves them out; nothing when there are none. */
export function UnpricedNote({ count }: { count: number }) {
  const t = useTranslations("admin.common");
  if (count === 0) return null;
  return <p className="text-xs text-amber-800">{t("unpricedRequests", { count })}</p>;
}

/** One figure of a summary row: a label, the value, and a line of detail. */
export function StatCard({ label, children, detail, testId }: { label: string; children: ReactNode; detail?: ReactNode; testId?: string }) {
  return (
    <Card className="space-y-1 p-4 sm:p-5" data-testid={testId}>
      <h2 className="text-sm font-medium text-slate-600">{label}</h2>
      <div className="text-2xl font-semibold tracking-tight text-slate-900">{children}</div>
      {detail ? <div className="space-y-0.5 text-sm text-slate-600">{detail}</div> : null}
    </Card>
  );
}

/** What a console view shows before it has data: a skeleton while loading (or while a 401 redirects to sign-in), else a retryable error. */
export function QueryFallback({ error, onRetry, testId }: { error: unknown; onRetry: () => void; testId: string }) {
  const t = useTranslations("admin.common");
  const unauthorized = useSignInOn401(error);
  if (!error || unauthorized) {
    return (
      <div className="space-y-4" role="status" aria-busy="true" aria-label={t("loading")} data-testid={`${testId}-loading`}>
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  return (
    <Card role="alert" className="text-center" data-testid={`${testId}-error`}>
      <p className="text-sm text-rose-700">{t("loadError")}</p>
      <Button variant="secondary" className="mt-3" onClick={onRetry}>
        {t("retry")}
      </Button>
    </Card>
  );
}

/** "Updated 14:05:12": when the data on screen was computed. */
export function UpdatedAt({ iso }: { iso: string }) {
  const t = useTranslations("admin.common");
  const locale = useLocale();
  const time = new Date(iso).toLocaleTimeString(locale === "zh" ? "zh-CN" : "en", { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  return (
    <p className="text-xs text-slate-500" aria-live="off" data-testid="admin-updated-at">
      {t("updatedAt", { time })}
    </p>
  );
}

/** A page heading with room for controls on its right (they wrap below it on a phone). */
export function SectionHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      {children ? <div className="flex flex-wrap items-center gap-3">{children}</div> : null}
    </div>
  );
}
