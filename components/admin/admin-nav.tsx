"use client";
import { Activity, Gauge, Inbox, ListChecks, type LucideIcon, ReceiptText, Settings, Users } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { cn } from "../ui/cn";

/** The console's sections, in order; each page is `requirePage("console:read")`. */
export const ADMIN_SECTIONS = [
  { key: "overview", href: "/admin", icon: Gauge },
  { key: "cost", href: "/admin/cost", icon: ReceiptText },
  { key: "queues", href: "/admin/queues", icon: Activity },
  { key: "tasks", href: "/admin/tasks", icon: ListChecks },
  { key: "dlq", href: "/admin/dlq", icon: Inbox },
  { key: "users", href: "/admin/users", icon: Users },
  { key: "settings", href: "/admin/settings", icon: Settings },
] as const satisfies readonly { key: string; href: string; icon: LucideIcon }[];

export type AdminSection = (typeof ADMIN_SECTIONS)[number]["key"];

/**
 * The console's section navigation (every `/admin` page, from the admin layout). The overview
 * is current only on `/admin` itself; any other section for its whole sub-tree
 * (`/admin/tasks/<id>` is Tasks). Pills that wrap onto a second line on a phone instead of
 * scrolling sideways.
 */
export function AdminNav() {
  const t = useTranslations("admin.nav");
  const pathname = usePathname();
  return (
    <nav aria-label={t("label")} data-testid="admin-nav">
      <ul className="flex flex-wrap gap-1.5">
        {ADMIN_SECTIONS.map(({ key, href, icon: Icon }) => {
          const active = key === "overview" ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
          return (
            <li key={key}>
              <Link
                href={href}
                data-testid={`admin-nav-${key}`}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "flex items-center gap-1.5 rounded-lg border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600",
                  active ? "border-indigo-200 bg-indigo-50 text-indigo-700" : "border-slate-200 bg-white text-slate-600 hover:bg-slate-50",
                )}
              >
                <Icon aria-hidden className="size-4" />
                {t(key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
