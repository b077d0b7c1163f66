import { BarChart3, FileUp, Languages } from "lucide-react";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { SiteHeader } from "@/components/site-header";
import { buttonClasses } from "@/components/ui/button";
import { currentActor, landingPath } from "@/lib/auth/page-guard";

/** `/`: signed-in users go straight to their landing page (a recruiter's jobs, else their resumes); everyone else sees a short landing. */
export default async function HomePage() {
  const actor = await currentActor();
  if (actor) redirect(landingPath(actor));
  const t = await getTranslations("landing");
  const features = [
    { icon: FileUp, title: t("featureUploadTitle"), body: t("featureUploadBody") },
    { icon: BarChart3, title: t("featureScoreTitle"), body: t("featureScoreBody") },
    { icon: Languages, title: t("featureLanguagesTitle"), body: t("featureLanguagesBody") },
  ];
  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto max-w-5xl px-4 py-12 sm:py-20" data-testid="landing">
        <div className="max-w-2xl">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl">{t("title")}</h1>
          <p className="mt-4 text-lg text-slate-600">{t("subtitle")}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link href="/sign-up" className={buttonClasses("primary")} data-testid="landing-sign-up">
              {t("signUp")}
            </Link>
            <Link href="/sign-in" className={buttonClasses("secondary")} data-testid="landing-sign-in">
              {t("signIn")}
            </Link>
          </div>
        </div>
        <ul className="mt-14 grid gap-4 sm:grid-cols-3">
          {features.map(({ icon: Icon, title, body }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-5">
              <Icon aria-hidden className="size-6 text-indigo-600" />
              <h2 className="mt-3 font-semibold text-slate-900">{title}</h2>
              <p className="mt-1 text-sm text-slate-600">{body}</p>
            </li>
          ))}
        </ul>
      </main>
    </>
  );
}
