/** Limits shared by the extractors; they bound time and memory for hostile or huge files. */

/** More pages than this is not a resume (checked before any text is read). */
export const MAX_PAGES = 30;
/** Wall-clock budget for reading one PDF (the reader process's start included). */
export const PDF_TIMEOUT_MS = 15_000;
/** V8 old-space heap of the PDF reader process (MB); pdf.js running out of it ends as `corrupt`. */
export const PDF_READER_HEAP_MB = 256;
/** Stop collecting text beyond this many characters (≈ 60 dense pages; a resume is far shorter). */
export const MAX_TEXT_CHARS = 300_000;
/** Wall-clock budget for reading one DOCX with mammoth. */
export const DOCX_TIMEOUT_MS = 15_000;
/**
 * Total unpacked size of a DOCX's XML parts; more is a zip bomb or not a resume. A long resume's
 * document.xml is well under 2 MB; mammoth parses synchronously (a 60 MB part blocked a worker
 * for over a minute), so the cap stays small.
 */
export const MAX_DOCX_XML_BYTES = 8 * 1024 * 1024;

class TimeoutError extends Error {
  constructor(what: string, ms: number) {
    super(`${what} took longer than ${ms} ms`);
    this.name = "TimeoutError";
  }
}

/** Resolves or rejects like `promise`, or rejects with TimeoutError after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(what, ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
