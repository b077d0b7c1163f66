"use client";
import { Download } from "lucide-react";
import { useTranslations } from "next-intl";
import { buttonClasses } from "../ui/button";

/**
 * "Download PDF": a plain link to a report's PDF route (`…/report.pdf`), which answers with an
 * attachment, so the browser saves it and the page stays where it is. Shown only once the report
 * exists (before, the route answers 409).
 */
export function DownloadPdfLink({ href }: { href: string }) {
  const t = useTranslations("reports");
  return (
    <a href={href} download className={buttonClasses("secondary", "px-3 py-1.5")} title={t("downloadHint")} data-testid="download-pdf">
      <Download aria-hidden className="size-4" />
      {t("download")}
    </a>
  );
}
