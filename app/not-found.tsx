import { FileQuestion } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { SiteHeader } from "@/components/site-header";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("notFound");
  return { title: t("title") };
}

/**
 * A URL no page answers, for everyone (signed in or not): the same translated 404 as a page the
 * actor may not see (app/(app)/not-found.tsx), with the plain header.
 */
export default async function NotFound() {
  const t = await getTranslations("notFound");
  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto max-w-5xl px-4 py-6 sm:py-10">
        <Card className="flex flex-col items-center gap-3 py-12 text-center" data-testid="page-not-found">
          <FileQuestion aria-hidden className="size-10 text-slate-400" />
          <h1 className="text-xl font-semibold">{t("title")}</h1>
          <p className="max-w-md text-sm text-slate-600">{t("body")}</p>
          <Link href="/" className={buttonClasses("secondary", "mt-2")}>
            {t("home")}
          </Link>
        </Card>
      </main>
    </>
  );
}
