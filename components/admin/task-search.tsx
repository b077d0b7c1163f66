"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Inbox, ListChecks, Search } from "lucide-react";
import { usePathname, useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { TASK_TYPES } from "@/lib/tasks/definitions";
import { TASK_STATUSES } from "@/lib/tasks/status";
import { retryTransient } from "../tasks/api";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { Skeleton } from "../ui/skeleton";
import { useSignInOn401 } from "../use-sign-in-on-401";
import { AdminTaskList, Pager, useCursorStack } from "./admin-task-list";
import { adminKeys, fetchTasks, POLL_MS, type TaskFilters } from "./queues-api";

const field =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600";

/**
 * `/admin/tasks`: every task on the platform, newest first, searched by status, type, the
 * owner's e-mail and organisation (id or slug), 25 per page, refreshed every
 * {@link POLL_MS}.tasks. The filters live in the URL (`?status=FAILED&user=…`) so a search
 * can be shared or reloaded; `initial` is what the page was opened with.
 */
export function TaskSearch({ initial }: { initial: TaskFilters }) {
  const t = useTranslations("adminTasks");
  const router = useRouter();
  const pathname = usePathname();
  const [draft, setDraft] = useState<TaskFilters>(initial);
  const [filters, setFilters] = useState<TaskFilters>(initial);
  const cursor = useCursorStack();
  const query = useQuery({
    queryKey: adminKeys.tasks(filters, cursor.before),
    queryFn: ({ signal }) => fetchTasks(filters, cursor.before, signal),
    retry: retryTransient,
    refetchInterval: POLL_MS.tasks,
    placeholderData: keepPreviousData,
  });
  useSignInOn401(query.error);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = { status: draft.status, type: draft.type, user: draft.user.trim(), organization: draft.organization.trim() };
    setFilters(next);
    cursor.reset();
    const qs = new URLSearchParams(Object.entries(next).filter(([, v]) => v !== "")).toString();
    router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
  };
  const set = (k: keyof TaskFilters) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));

  return (
    <div className="space-y-6" data-testid="admin-tasks">
      <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900">
        <ListChecks aria-hidden className="size-6 text-indigo-600" />
        {t("title")}
      </h1>
      <Card>
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1.5fr_1.2fr_auto] lg:items-end" data-testid="task-filters">
          <label className="text-sm font-medium text-slate-700">
            {t("filter.status")}
            <select className={field} value={draft.status} onChange={set("status")} data-testid="filter-status">
              <option value="">{t("filter.any")}</option>
              {TASK_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium text-slate-700">
            {t("filter.type")}
            <select className={field} value={draft.type} onChange={set("type")} data-testid="filter-type">
              <option value="">{t("filter.any")}</option>
              {TASK_TYPES.map((ty) => (
                <option key={ty} value={ty}>
                  {ty}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium text-slate-700">
            {t("filter.user")}
            <input type="email" className={field} value={draft.user} onChange={set("user")} placeholder="name@example.com" data-testid="filter-user" />
          </label>
          <label className="text-sm font-medium text-slate-700">
            {t("filter.organization")}
            <input
              className={field}
              value={draft.organization}
              onChange={set("organization")}
              placeholder={t("filter.organizationHint")}
              data-testid="filter-organization"
            />
          </label>
          <Button type="submit" className="sm:col-span-2 lg:col-span-1" data-testid="filter-submit">
            <Search aria-hidden className="size-4" />
            {t("filter.search")}
          </Button>
        </form>
      </Card>
      <Card aria-label={t("resultsLabel")}>
        {query.isPending ? (
          <div className="space-y-3" role="status" aria-busy="true" aria-label={t("loading")}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : query.isError && !query.data ? (
          <div role="alert" className="text-center">
            <p className="text-sm text-rose-700">{t("loadError")}</p>
            <Button variant="secondary" className="mt-3" onClick={() => query.refetch()}>
              {t("retry")}
            </Button>
          </div>
        ) : query.data.items.length === 0 ? (
          <p className="flex flex-col items-center gap-2 py-8 text-center text-sm text-slate-500" data-testid="admin-tasks-empty">
            <Inbox aria-hidden className="size-8 text-slate-400" />
            {t("empty")}
          </p>
        ) : (
          <>
            <AdminTaskList items={query.data.items} testId="admin-task-items" />
            <Pager
              page={cursor.page}
              hasOlder={query.data.nextCursor !== null}
              onNewer={cursor.newer}
              onOlder={() => query.data?.nextCursor && cursor.older(query.data.nextCursor)}
            />
          </>
        )}
      </Card>
    </div>
  );
}
