import { ShieldCheck } from "lucide-react";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { AdminNav } from "@/components/admin/admin-nav";
import { requirePage } from "@/lib/auth/page-guard";

/**
 * Every `/admin` page: the console's name and its section navigation. Guarded here as well as
 * in each page, so nothing of the console renders for anyone but a platform admin (a 404
 * otherwise, as for a page that does not exist).
 */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  await requirePage("console:read");
  const t = await getTranslations("admin");
  return (
    <div className="space-y-6" data-testid="admin-console">
      <div className="space-y-3">
        <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-indigo-700">
          <ShieldCheck aria-hidden className="size-4" />
          {t("title")}
        </p>
        <AdminNav />
      </div>
      {children}
    </div>
  );
}
