import { FileQuestion } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

/**
 * What `notFound()` renders behind sign-in — for a missing page, another person's resume, or a
 * page the actor's role may not use (lib/auth/page-guard.ts): one answer, HTTP 404, that does
 * not say which.
 */
export default async function NotFound() {
  const t = await getTranslations("notFound");
  return (
    <Card className="flex flex-col items-center gap-3 py-12 text-center" data-testid="page-not-found">
      <FileQuestion aria-hidden className="size-10 text-slate-400" />
      <h1 className="text-xl font-semibold">{t("title")}</h1>
      <p className="max-w-md text-sm text-slate-600">{t("body")}</p>
      <Link href="/resumes" className={buttonClasses("secondary", "mt-2")}>
        {t("back")}
      </Link>
    </Card>
  );
}
