/**
 * The knowledge base's caps (docs/knowledge.md, "Limits"): what one upload and one document may be.
 * They bound the web process's memory per request and the worker's time and memory per document.
 */

/** 50 MiB a file (413 beyond): a long handbook or a scanned-then-OCRed manual fits, a video does not. */
export const MAX_KB_FILE_BYTES = 50 * 1024 * 1024;
/** 50 files a request (413 beyond). */
export const MAX_KB_FILES = 50;
/**
 * 100 MiB a request, framing aside: the web process holds a request's files in memory until they
 * are written, so 50 files × 50 MiB cannot be one request; send large files a few at a time.
 */
export const MAX_KB_REQUEST_BYTES = 100 * 1024 * 1024;
/** More files than this in one request go to the batch lane (bulk work; docs/architecture.md, "Lanes"). */
export const KB_INTERACTIVE_MAX_FILES = 10;
/** 1,000 pages a document (PDF, or Word's saved count): refused `too_large` beyond. */
export const MAX_KB_PAGES = 1000;
/**
 * 5 million characters of text a document (≈ 1,000 dense pages, ≈ 1.2 M tokens, ≈ 3,000 chunks):
 * refused `too_large` beyond, so one document's embedding stays within one task's time budget.
 */
export const MAX_KB_TEXT_CHARS = 5_000_000;
/** 64 MiB of unpacked DOCX XML (the zip-bomb budget; a resume's is 8 MiB). */
export const MAX_KB_DOCX_XML_BYTES = 64 * 1024 * 1024;
/** 120 s to read one PDF or DOCX (a resume gets 15 s; a 1,000-page PDF needs more). */
export const KB_EXTRACT_TIMEOUT_MS = 120_000;
/** 1 GiB of heap for the PDF reader process (a resume's gets 256 MiB): pdf.js keeps a large PDF's objects. */
export const KB_PDF_HEAP_MB = 1024;
/** A document's name is at most this many characters (as an upload's, lib/resume). */
export const MAX_KB_FILE_NAME_CHARS = 200;
