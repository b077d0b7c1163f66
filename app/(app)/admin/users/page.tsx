import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { UsersAdmin } from "@/components/admin/users-admin";
import { requirePage } from "@/lib/auth/page-guard";

export async function generateMetadata(): Promise<Metadata> {
  // Guarded here too: metadata streams before the page, and a title would tell the page exists.
  await requirePage("console:read");
  const t = await getTranslations("admin.users");
  return { title: t("pageTitle") };
}

/** `/admin/users`: who uses the platform; roles and bans. 404 for anyone but a platform admin. */
export default async function AdminUsersPage() {
  const { actor } = await requirePage("console:read");
  return <UsersAdmin selfId={actor.user.id} />;
}
