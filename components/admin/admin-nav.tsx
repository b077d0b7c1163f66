"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { cn } from "../ui/cn";

/** The console's pages, in the order the navigation shows them. */
const ENTRIES = [
  { href: "/admin", key: "overview" },
  { href: "/admin/cost", key: "cost" },
  { href: "/admin/queues", key: "queues" },
  { href: "/admin/tasks", key: "tasks" },
  { href: "/admin/dlq", key: "dlq" },
  { href: "/admin/users", key: "users" },
  { href: "/admin/settings", key: "settings" },
] as const;

/**
 * The console's own navigation, above every console page: a row of tabs that wraps on a phone
 * (nothing scrolls sideways). `/admin` is current only on itself;
 * every other entry for its whole sub-tree (`/admin/tasks/<id>` marks Tasks).
 */
export function AdminNav() {
  const t = useTranslations("adminNav");
  const pathname = usePathname();
  return (
    <nav aria-label={t("label")} className="mb-6" data-testid="admin-nav">
      <ul className="flex flex-wrap gap-1 rounded-xl border border-slate-200 bg-white p-1 shadow-sm">
        {ENTRIES.map((e) => {
          const active = e.href === "/admin" ? pathname === e.href : pathname === e.href || pathname.startsWith(`${e.href}/`);
          return (
            <li key={e.href}>
              <Link
                href={e.href}
                aria-current={active ? "page" : undefined}
                data-testid={`admin-nav-${e.key}`}
                className={cn(
                  "block whitespace-nowrap rounded-lg px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600",
                  active ? "bg-indigo-50 text-indigo-700" : "text-slate-600 hover:bg-slate-100",
                )}
              >
                {t(e.key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
