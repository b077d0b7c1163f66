import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotFoundCard } from "@/components/not-found-card";
import { SiteHeader } from "@/components/site-header";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("notFound");
  return { title: t("title") };
}

/**
 * A URL no page answers, for everyone (signed in or not): the same translated 404 as a page the
 * actor may not see (app/(app)/not-found.tsx), with the plain header.
 */
export default function NotFound() {
  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto max-w-5xl px-4 py-6 sm:py-10">
        <NotFoundCard href="/" back="home" />
      </main>
    </>
  );
}
