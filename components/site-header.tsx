import { FileText } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { LanguageSwitch } from "./language-switch";
import { NavLink } from "./nav-link";
import { UserMenu } from "./user-menu";

/**
 * The top bar: app name, the signed-in navigation, the language switch and the user menu.
 * Without a user (landing, sign-in, sign-up) only the name and the language switch show.
 */
export async function SiteHeader({ user }: { user?: { name: string; email: string; role: string } | null }) {
  const t = await getTranslations();
  return (
    <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-5xl items-center gap-1.5 px-3 sm:gap-4 sm:px-4">
        <Link
          href={user ? "/resumes" : "/"}
          data-testid="app-name"
          className="flex items-center gap-2 rounded-lg font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <FileText aria-hidden className="size-5 text-indigo-600" />
          {t("common.appName")}
        </Link>
        {user ? (
          <nav aria-label={t("nav.label")} className="flex min-w-0 items-center overflow-x-auto p-0.5">
            <NavLink href="/resumes" testId="nav-resumes">
              {t("nav.myResumes")}
            </NavLink>
            <NavLink href="/interviews" testId="nav-interviews">
              {t("nav.interviews")}
            </NavLink>
          </nav>
        ) : null}
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <LanguageSwitch />
          {user ? <UserMenu user={user} /> : null}
        </div>
      </div>
    </header>
  );
}
