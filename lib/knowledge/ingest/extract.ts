/**
 * A knowledge-base document's bytes → its text, through the resume domain's sandboxed readers
 * (`extractDocumentText`: pdf.js in a child process with a timeout and a heap cap, the DOCX
 * reader's zip-bomb checks) under the knowledge base's caps (limits.ts), and the kind of an
 * uploaded file from its bytes (never its name — except that UTF-8 text named `.md`/`.markdown`
 * is Markdown, whose headings the chunker reads).
 */
import { type DocumentKind, type DocumentOutcome, detectDocumentKind, extractDocumentText, unsupportedReason } from "@/lib/resume";
import { KB_EXTRACT_TIMEOUT_MS, KB_PDF_HEAP_MB, MAX_KB_DOCX_XML_BYTES, MAX_KB_PAGES, MAX_KB_TEXT_CHARS } from "./limits";

/**
 * The kind and media type of an uploaded document from its bytes; `{error}` with a sentence when
 * it is not PDF, DOCX or UTF-8 text (an image, an old .doc, a password-protected file…).
 */
export async function detectKbDocument(
  bytes: Uint8Array,
  fileName: string,
): Promise<{ kind: DocumentKind; fileKind: "pdf" | "docx" | "text"; mediaType: string } | { error: string }> {
  const detected = await detectDocumentKind(bytes);
  if (!detected) return { error: unsupportedReason(bytes).replace(/\bresume\b/g, "document") };
  if (detected.kind === "text" && /\.(md|markdown)$/i.test(fileName)) return { kind: "markdown", fileKind: "text", mediaType: "text/markdown" };
  return { kind: detected.kind, fileKind: detected.kind, mediaType: detected.mediaType };
}

/**
 * Extracts a document's text under the knowledge base's caps. Never throws for bad input (a
 * refusal has a code and a sentence); throws when the PDF reader cannot start.
 */
export function extractKbDocument(input: { bytes: Uint8Array; kind: DocumentKind }): Promise<DocumentOutcome> {
  return extractDocumentText(input, {
    maxPages: MAX_KB_PAGES,
    maxChars: MAX_KB_TEXT_CHARS,
    maxDocxXmlBytes: MAX_KB_DOCX_XML_BYTES,
    timeoutMs: KB_EXTRACT_TIMEOUT_MS,
    pdfHeapMb: KB_PDF_HEAP_MB,
  });
}
