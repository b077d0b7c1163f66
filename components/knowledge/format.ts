/** A byte count as B, KB or MB (1 KB = 1024 B) in the UI language, one decimal at most. */
export function formatBytes(n: number, locale?: string): string {
  const fmt = new Intl.NumberFormat(locale === "zh" ? "zh-CN" : locale, { maximumFractionDigits: 1 });
  if (n < 1024) return `${fmt.format(n)} B`;
  if (n < 1024 * 1024) return `${fmt.format(n / 1024)} KB`;
  return `${fmt.format(n / (1024 * 1024))} MB`;
}

/** The document kinds the server stores (`kb_documents.kind`), each with a label in `knowledge.documents.kind`. */
export const DOCUMENT_KINDS = ["pdf", "docx", "text", "markdown"] as const;
export const isDocumentKind = (k: string): k is (typeof DOCUMENT_KINDS)[number] => (DOCUMENT_KINDS as readonly string[]).includes(k);
