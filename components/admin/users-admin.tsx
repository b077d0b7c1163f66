"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import type { AdminUser } from "@/lib/console/contracts";
import { retryTransient } from "../tasks/api";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { consoleKeys, fetchUsers, patchUser } from "./api";
import { QueryFallback, SectionHeader } from "./parts";

const PAGE_SIZE = 50;

/**
 * `/admin/users`: the platform's users, newest first, searchable by e-mail or name; a platform
 * admin changes another user's role or bans them (with a reason) — `PATCH /api/admin/users/{id}`,
 * each change recorded with who made it. Their own row has no controls.
 */
export function UsersAdmin({ selfId }: { selfId: string }) {
  const t = useTranslations("admin.users");
  const [q, setQ] = useState("");
  const [offset, setOffset] = useState(0);
  const search = q.trim();
  const query = useQuery({
    queryKey: consoleKeys.users(search, offset),
    queryFn: ({ signal }) => fetchUsers(search, offset, PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
  const total = query.data?.total ?? 0;
  return (
    <div className="space-y-6" data-testid="admin-users-page">
      <SectionHeader title={t("title")}>
        <label className="relative block">
          <span className="sr-only">{t("search")}</span>
          <Search aria-hidden className="pointer-events-none absolute left-2.5 top-2.5 size-4 text-slate-400" />
          <input
            type="search"
            value={q}
            onChange={(e) => {
              setQ(e.target.value);
              setOffset(0);
            }}
            placeholder={t("search")}
            data-testid="admin-users-search"
            className="w-64 max-w-full rounded-lg border border-slate-300 py-2 pl-8 pr-3 text-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
          />
        </label>
      </SectionHeader>
      {query.data ? (
        <Card aria-labelledby="users-heading">
          <h2 id="users-heading" className="font-semibold text-slate-900">
            {t("count", { count: total })}
          </h2>
          {query.data.items.length === 0 ? <p className="mt-3 text-sm text-slate-500">{t("noMatch")}</p> : null}
          <ul className="mt-3 divide-y divide-slate-100" data-testid="admin-users">
            {query.data.items.map((u) => (
              <UserRow key={u.id} user={u} self={u.id === selfId} />
            ))}
          </ul>
          {total > PAGE_SIZE ? (
            <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
              <span>{t("page", { from: offset + 1, to: Math.min(offset + PAGE_SIZE, total), total })}</span>
              <span className="flex gap-2">
                <Button variant="secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
                  {t("previous")}
                </Button>
                <Button variant="secondary" disabled={offset + PAGE_SIZE >= total} onClick={() => setOffset(offset + PAGE_SIZE)}>
                  {t("next")}
                </Button>
              </span>
            </div>
          ) : null}
        </Card>
      ) : (
        <QueryFallback error={query.error} onRetry={() => query.refetch()} testId="admin-users" />
      )}
    </div>
  );
}

function UserRow({ user: u, self }: { user: AdminUser; self: boolean }) {
  const t = useTranslations("admin.users");
  const tc = useTranslations("admin.common");
  const tr = useTranslations("user.roles");
  const format = useFormatter();
  const queryClient = useQueryClient();
  const [banning, setBanning] = useState(false);
  const [reason, setReason] = useState("");
  const name = u.name || u.email;
  const change = useMutation({
    mutationFn: (c: { role?: "user" | "admin"; banned?: boolean; banReason?: string }) => patchUser(u.id, c),
    onSuccess: ({ user: after }, c) => {
      setBanning(false);
      setReason("");
      toast.success(c.role ? t("roleChanged", { name, role: tr(after.role) }) : after.banned ? t("bannedDone", { name }) : t("unbannedDone", { name }));
      void queryClient.invalidateQueries({ queryKey: consoleKeys.usersAll });
      void queryClient.invalidateQueries({ queryKey: consoleKeys.audit });
    },
    onError: (err: Error) => toast.error(tc("saveFailed", { message: err.message })),
  });
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3" data-testid="admin-user-row" data-email={u.email}>
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-800">
          {name}
          {self ? <span className="ml-2 rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700">{tc("you")}</span> : null}
        </p>
        <p className="truncate text-sm text-slate-500">
          {u.email} · {format.dateTime(new Date(u.createdAt), { dateStyle: "medium" })}
        </p>
        {u.banned && u.banReason ? <p className="text-xs text-rose-700">{t("banReason", { reason: u.banReason })}</p> : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {u.banned ? (
          <span className="rounded-full bg-rose-50 px-2.5 py-0.5 text-xs font-medium text-rose-700" data-testid="admin-user-banned">
            {t("banned")}
          </span>
        ) : null}
        <select
          aria-label={t("role", { name })}
          value={u.role}
          disabled={self || change.isPending}
          title={self ? t("selfHint") : undefined}
          onChange={(e) => change.mutate({ role: e.target.value as "user" | "admin" })}
          data-testid="admin-user-role"
          className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm disabled:bg-slate-50 disabled:text-slate-500"
        >
          <option value="user">{tr("user")}</option>
          <option value="admin">{tr("admin")}</option>
        </select>
        {self ? null : u.banned ? (
          <Button variant="secondary" disabled={change.isPending} onClick={() => change.mutate({ banned: false })} data-testid="admin-user-unban">
            {t("unban")}
          </Button>
        ) : banning ? null : (
          <Button variant="secondary" onClick={() => setBanning(true)} data-testid="admin-user-ban">
            {t("ban")}
          </Button>
        )}
      </div>
      {banning ? (
        <form
          className="flex w-full flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            change.mutate({ banned: true, ...(reason.trim() ? { banReason: reason.trim() } : {}) });
          }}
        >
          <label className="min-w-0 flex-1 text-sm text-slate-600">
            {t("banReasonLabel")}
            <input
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={500}
              className="mt-1 block w-full rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
              data-testid="admin-user-ban-reason"
            />
          </label>
          <Button type="submit" disabled={change.isPending} data-testid="admin-user-ban-confirm">
            {t("banConfirm")}
          </Button>
          <Button variant="ghost" onClick={() => setBanning(false)}>
            {t("cancel")}
          </Button>
        </form>
      ) : null}
    </li>
  );
}
