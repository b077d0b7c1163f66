import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { OpeningsView } from "@/components/openings/openings-view";
import { requirePage } from "@/lib/auth/page-guard";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("openings");
  return { title: t("pageTitle") };
}

/** Open jobs of every organisation, to apply to with an own resume; "My applications" on top. */
export default async function OpeningsPage() {
  await requirePage("opening:read");
  return <OpeningsView />;
}
