import { FileQuestion } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { buttonClasses } from "./ui/button";
import { Card } from "./ui/card";

/** The one not-found message of the 404 pages: what happened, and a way back to `href`. */
export async function NotFoundCard({ href, back }: { href: string; back: "back" | "home" }) {
  const t = await getTranslations("notFound");
  return (
    <Card className="flex flex-col items-center gap-3 py-12 text-center" data-testid="page-not-found">
      <FileQuestion aria-hidden className="size-10 text-slate-400" />
      <h1 className="text-xl font-semibold">{t("title")}</h1>
      <p className="max-w-md text-sm text-slate-600">{t("body")}</p>
      <Link href={href} className={buttonClasses("secondary", "mt-2")}>
        {t(back)}
      </Link>
    </Card>
  );
}
