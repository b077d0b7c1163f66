// PDF text extraction in a worker thread (plain JavaScript so no TypeScript loader is needed in
// the thread). Started by pdf.ts, which bounds it with a wall-clock timeout and a heap limit and
// terminates it on either: a hostile PDF can stall or exhaust this thread, never the worker process.
//
// workerData: { data: Uint8Array (transferred copy), maxPages, maxChars, opsPages }
// Posts exactly one message:
//   { type: "setup-error", name, message }                     unpdf could not be loaded (deployment problem)
//   { type: "open-error", name, message }                      pdf.js could not open the file
//   { type: "too-many-pages", numPages }                        nothing read beyond the page count
//   { type: "done", numPages, pages: string[], pageErrors, truncated, textShowOps }
//   { type: "crash", name, message }                            anything unexpected
import { parentPort, workerData } from "node:worker_threads";

const TEXT_SHOW_OPS = ["showText", "showSpacedText", "nextLineShowText", "nextLineSetSpacingShowText"];

async function main() {
  const { data, maxPages, maxChars, opsPages } = workerData;
  let getDocumentProxy, pdfjs;
  try {
    const unpdf = await import("unpdf");
    getDocumentProxy = unpdf.getDocumentProxy;
    pdfjs = await unpdf.getResolvedPDFJS();
  } catch (err) {
    // The deployment is broken, not the file: pdf.ts throws so the task is retried, not refused.
    parentPort.postMessage({ type: "setup-error", name: err?.name ?? "Error", message: String(err?.message ?? err) });
    return;
  }

  let pdf;
  try {
    pdf = await getDocumentProxy(data, {
      verbosity: 0, // errors only: no "Warning: …" noise in the worker's log
      maxImageSize: 1, // never decode images: text extraction does not need them
      isOffscreenCanvasSupported: false,
      isImageDecoderSupported: false,
      enableXfa: false,
      stopAtErrors: false,
    });
  } catch (err) {
    parentPort.postMessage({ type: "open-error", name: err?.name ?? "Error", message: String(err?.message ?? err) });
    return;
  }

  const numPages = pdf.numPages;
  if (numPages > maxPages) {
    parentPort.postMessage({ type: "too-many-pages", numPages });
    await pdf.destroy();
    return;
  }

  const pages = [];
  let chars = 0;
  let pageErrors = 0;
  let truncated = false;
  for (let i = 1; i <= numPages; i++) {
    if (chars >= maxChars) {
      truncated = true;
      break;
    }
    try {
      const page = await pdf.getPage(i);
      const content = await page.getTextContent();
      let text = "";
      for (const item of content.items) {
        if (typeof item.str === "string") text += item.str + (item.hasEOL ? "\n" : "");
      }
      // Filled-in form fields (fillable resume templates) and free-text notes are not page content.
      try {
        for (const a of await page.getAnnotations()) {
          if (a.subtype === "Widget" && a.fieldType === "Tx" && typeof a.fieldValue === "string" && a.fieldValue.trim()) {
            text += `\n${a.fieldValue}`;
          } else if (a.subtype === "FreeText" && typeof a.contentsObj?.str === "string" && a.contentsObj.str.trim()) {
            text += `\n${a.contentsObj.str}`;
          }
        }
      } catch {
        /* annotations are a bonus */
      }
      pages.push(text);
      chars += text.length;
      page.cleanup();
    } catch {
      pageErrors++;
      pages.push("");
    }
  }

  // Almost no text: count text-drawing operators on the first pages, to tell "text drawn in fonts
  // without a Unicode map" (unreadable) from "no text at all" (scan or empty).
  let textShowOps = 0;
  if (pages.join("").replace(/\s+/g, "").length < 200) {
    const wanted = new Set(TEXT_SHOW_OPS.map((name) => pdfjs.OPS[name]));
    for (let i = 1; i <= Math.min(numPages, opsPages); i++) {
      try {
        const page = await pdf.getPage(i);
        const ops = await page.getOperatorList();
        for (const fn of ops.fnArray) if (wanted.has(fn)) textShowOps++;
      } catch {
        /* a broken page draws nothing */
      }
    }
  }

  parentPort.postMessage({ type: "done", numPages, pages, pageErrors, truncated, textShowOps });
  await pdf.destroy();
}

main().catch((err) => {
  parentPort.postMessage({ type: "crash", name: err?.name ?? "Error", message: String(err?.message ?? err) });
});
