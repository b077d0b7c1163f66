import { Briefcase, Building2, Users } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { Card } from "@/components/ui/card";

type Member = { userId: string; name: string; email: string; role: string };

/**
 * The recruiter workspace of one organisation: its name, the viewer's role, the members, and the
 * jobs list — empty until jobs are posted.
 */
export async function WorkspaceOverview({
  organization,
  role,
  members,
}: {
  organization: { name: string; slug: string; memberCount: number };
  role: "owner" | "admin" | "member";
  members: Member[];
}) {
  const t = await getTranslations("workspace");
  const tr = await getTranslations("user.organizationRoles");
  const roleLabel = (r: string) => (["owner", "admin", "member"].includes(r) ? tr(r as "owner") : r);
  return (
    <div className="space-y-6" data-testid="workspace">
      <div className="flex flex-wrap items-center gap-3">
        <Building2 aria-hidden className="size-7 text-indigo-600" />
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold tracking-tight text-slate-900" data-testid="workspace-name">
            {organization.name}
          </h1>
          <p className="text-sm text-slate-600">{t("yourRole", { role: roleLabel(role) })}</p>
        </div>
      </div>

      <Card aria-labelledby="jobs-heading">
        <h2 id="jobs-heading" className="flex items-center gap-2 font-semibold text-slate-900">
          <Briefcase aria-hidden className="size-4 text-slate-500" />
          {t("jobsTitle")}
        </h2>
        <div className="mt-4 rounded-xl border border-dashed border-slate-300 p-6 text-center" data-testid="workspace-jobs-empty">
          <p className="font-medium text-slate-800">{t("jobsEmptyTitle")}</p>
          <p className="mt-1 text-sm text-slate-600">{t("jobsEmptyBody")}</p>
        </div>
      </Card>

      <Card aria-labelledby="members-heading">
        <h2 id="members-heading" className="flex items-center gap-2 font-semibold text-slate-900">
          <Users aria-hidden className="size-4 text-slate-500" />
          {t("membersTitle", { count: organization.memberCount })}
        </h2>
        <ul className="mt-3 divide-y divide-slate-100" data-testid="workspace-members">
          {members.map((m) => (
            <li key={m.userId} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-800">{m.name || m.email}</p>
                <p className="truncate text-sm text-slate-500">{m.email}</p>
              </div>
              <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">{roleLabel(m.role)}</span>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
