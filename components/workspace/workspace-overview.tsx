import { Briefcase, Building2, Users } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

type Member = { userId: string; name: string; email: string; role: string };

/**
 * The recruiter workspace of one organisation: its name, the viewer's role, the members, and the
 * way to its jobs (`/jobs`).
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
        <p className="mt-2 text-sm text-slate-600">{t("jobsBody")}</p>
        <Link href="/jobs" className={buttonClasses("secondary", "mt-3")} data-testid="workspace-jobs-link">
          {t("jobsLink")}
        </Link>
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
