import { ShieldCheck } from "lucide-react";
import { getFormatter, getTranslations } from "next-intl/server";
import { Card } from "@/components/ui/card";

type UserRow = { id: string; name: string; email: string; role: "user" | "admin"; banned: boolean; createdAt: string };

/** The admin console's first page: who uses the platform. Cost and queue dashboards join it here. */
export async function AdminConsole({ users, total }: { users: UserRow[]; total: number }) {
  const t = await getTranslations("admin");
  const tr = await getTranslations("user.roles");
  const format = await getFormatter();
  return (
    <div className="space-y-6" data-testid="admin-console">
      <div className="flex items-center gap-3">
        <ShieldCheck aria-hidden className="size-7 text-indigo-600" />
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("title")}</h1>
      </div>
      <Card aria-labelledby="users-heading">
        <h2 id="users-heading" className="font-semibold text-slate-900">
          {t("usersTitle", { count: total })}
        </h2>
        <ul className="mt-3 divide-y divide-slate-100" data-testid="admin-users">
          {users.map((u) => (
            <li key={u.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-800">{u.name || u.email}</p>
                <p className="truncate text-sm text-slate-500">
                  {u.email} · {format.dateTime(new Date(u.createdAt), { dateStyle: "medium" })}
                </p>
              </div>
              <span className="flex gap-2">
                {u.banned ? <span className="rounded-full bg-rose-50 px-2.5 py-0.5 text-xs font-medium text-rose-700">{t("banned")}</span> : null}
                <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">{tr(u.role)}</span>
              </span>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
