import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AdminConsole } from "@/components/admin/admin-console";
import { requirePage } from "@/lib/auth/page-guard";
import { getDb } from "@/lib/db/client";
import { listUsersPage } from "@/lib/db/queries/users";

export async function generateMetadata(): Promise<Metadata> {
  // Guarded here too: metadata streams before the page, and a title would tell the page exists.
  await requirePage("console:read");
  const t = await getTranslations("admin");
  return { title: t("pageTitle") };
}

/** `/admin`: the platform operator's console. 404 for anyone but a platform admin. */
export default async function AdminPage() {
  await requirePage("console:read");
  const { rows, total } = await listUsersPage(getDb(), { limit: 50, offset: 0 });
  return (
    <AdminConsole
      users={rows.map((u) => ({ id: u.id, name: u.name, email: u.email, role: u.role, banned: u.banned, createdAt: u.createdAt.toISOString() }))}
      total={total}
    />
  );
}
