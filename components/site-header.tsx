import { BookOpen, Briefcase, FileText, MessagesSquare, Share2, ShieldCheck } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { LanguageSwitch } from "./language-switch";
import { NavLink } from "./nav-link";
import { type HeaderUser, UserMenu } from "./user-menu";

/**
 * The top bar: app name, the signed-in navigation, the language switch and the user menu.
 * Without a user (landing, sign-in, sign-up) only the name and the language switch show.
 * On a phone the navigation moves to a second row of full-width tabs, so neither link is cut
 * off and nothing overlaps; from `sm` up it is one row. Heights are fixed (phone: 3 rem + 1 px
 * border + 2.5 rem; `sm`: 3.5 rem) because sticky bars below it (interview-chat.tsx) sit under it.
 */
export async function SiteHeader({
  user,
  nav = { jobs: false, console: false, openings: false, sharedReports: false },
  home = "/resumes",
}: {
  user?: HeaderUser | null;
  /** The entries the permission map grants this actor (lib/auth/page-guard.ts `navFor`). */
  nav?: { jobs: boolean; console: boolean; openings: boolean; sharedReports: boolean };
  /** Where the app name leads a signed-in user (lib/auth/page-guard.ts `landingPath`). */
  home?: string;
}) {
  const t = await getTranslations();
  return (
    <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-1.5 px-3 sm:h-14 sm:flex-nowrap sm:gap-4 sm:px-4">
        <Link
          href={user ? home : "/"}
          data-testid="app-name"
          className="flex h-12 items-center gap-2 rounded-lg font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:h-auto"
        >
          <FileText aria-hidden className="size-5 text-indigo-600" />
          {t("common.appName")}
        </Link>
        {user ? (
          <nav
            aria-label={t("nav.label")}
            className="order-last -mx-3 flex min-h-10 basis-[calc(100%+1.5rem)] flex-wrap items-center gap-1 border-t border-slate-100 px-3 sm:order-none sm:mx-0 sm:h-auto sm:basis-auto sm:flex-nowrap sm:border-0 sm:p-0.5"
          >
            <NavLink href="/resumes" testId="nav-resumes" icon={<FileText aria-hidden className="size-4 sm:hidden" />}>
              {t("nav.myResumes")}
            </NavLink>
            <NavLink href="/interviews" testId="nav-interviews" icon={<MessagesSquare aria-hidden className="size-4 sm:hidden" />}>
              {t("nav.interviews")}
            </NavLink>
            <NavLink href="/knowledge" testId="nav-knowledge" icon={<BookOpen aria-hidden className="size-4 sm:hidden" />}>
              {t("nav.knowledge")}
            </NavLink>
            {nav.openings ? (
              <NavLink href="/openings" testId="nav-openings" icon={<Briefcase aria-hidden className="size-4 sm:hidden" />}>
                {t("openings.nav")}
              </NavLink>
            ) : null}
            {nav.jobs ? (
              <NavLink href="/jobs" testId="nav-jobs" icon={<Briefcase aria-hidden className="size-4 sm:hidden" />}>
                {t("nav.jobs")}
              </NavLink>
            ) : null}
            {nav.sharedReports ? (
              <NavLink href="/shared-reports" testId="nav-shared-reports" icon={<Share2 aria-hidden className="size-4 sm:hidden" />}>
                {t("shares.nav")}
              </NavLink>
            ) : null}
            {nav.console ? (
              <NavLink href="/admin" testId="nav-admin" icon={<ShieldCheck aria-hidden className="size-4 sm:hidden" />}>
                {t("nav.admin")}
              </NavLink>
            ) : null}
          </nav>
        ) : null}
        <div className="ml-auto flex h-12 items-center gap-1 sm:h-auto sm:gap-2">
          <LanguageSwitch />
          {user ? <UserMenu user={user} /> : null}
        </div>
      </div>
    </header>
  );
}
