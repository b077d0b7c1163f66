// PDF text extraction in a child process (plain JavaScript so no TypeScript loader is needed in
// it). Forked by pdf.ts, which bounds it with a wall-clock timeout and a V8 heap limit
// (--max-old-space-size) and kills it on either: a hostile PDF can stall or exhaust this process,
// never the worker. A process, not a worker thread: a thread that reaches its heap limit can abort
// the whole process that hosts it (nodejs/node#47224), which a thread's resourceLimits do not prevent.
//
// Receives one IPC message (advanced serialization): { data: Uint8Array, maxPages, maxChars, opsPages }
// Sends exactly one message back, then exits:
//   { type: "setup-error", name, message }                     unpdf could not be loaded (deployment problem)
//   { type: "open-error", name, message }                      pdf.js could not open the file
//   { type: "too-many-pages", numPages }                        nothing read beyond the page count
//   { type: "done", numPages, pages: string[], pageErrors, truncated, textShowOps, hidden: string[] }
//     hidden: lines of `pages` that are drawn invisibly (hiddenItems below), each on a line of its own in `pages`
//   { type: "crash", name, message }                            anything unexpected
// Every message also carries `cpuMicros`: this process's CPU time (user + system, µs), so the
// caller can account for it (process.cpuUsage() of the parent does not include a child's).

const TEXT_SHOW_OPS = ["showText", "showSpacedText", "nextLineShowText", "nextLineSetSpacingShowText"];
/** Text smaller than this (points, after the text and graphics matrices) cannot be read on the page. */
const TINY_PT = 2;
/** A fill colour whose channels are all at least this (of 255) is white to the eye on a white page. */
const WHITE_MIN = 0xf0;
/** Text rendering modes that paint nothing (PDF 32000-1 §9.3.6: 3 invisible, 7 clip only). */
const INVISIBLE_MODES = new Set([3, 7]);

/**
 * Which text items of one page a reader cannot see: tiny (< TINY_PT) or off the page's view box
 * (from the item's transform), or drawn while the fill colour was white — unless the item sits on
 * a coloured shape (white on a dark banner is a design, not a secret) — or in an invisible
 * rendering mode. Colour and mode come from the operator list: pdf.js turns every fill colour
 * into setFillRGBColor "#rrggbb" and a filled path into constructPath with its painting operator
 * and bounding box; save/restore, transform and form XObjects carry the state. The items are
 * built from the show-text operators in order, so each item's characters are matched to the
 * operators' glyphs in order; an item that does not match is taken as visible.
 * A page where most text is drawn in an invisible rendering mode is an OCR layer over a scan
 * (invisible by design): that text is not reported; white, tiny and off-page text still is.
 * @returns one boolean per `content.items` entry.
 */
async function hiddenItems(page, content, OPS) {
  const [x0, y0, x1, y1] = page.view;
  const items = content.items;
  const geometry = items.map((item) => {
    if (typeof item.str !== "string" || !item.str.trim()) return null;
    const t = item.transform;
    const size = Math.hypot(t[2], t[3]);
    const x = t[4];
    const y = t[5];
    const off = x > x1 || x + (item.width || 0) < x0 || y > y1 || y + size < y0;
    return { unseen: size < TINY_PT || off, at: [x + Math.min(1, (item.width || 0) / 2), y + size / 3] };
  });

  // The glyphs of every show-text operator with how they were drawn, and the page-space boxes of
  // shapes filled in a colour other than white.
  const glyphs = [];
  const coloured = [];
  const ops = await page.getOperatorList();
  const show = new Set(TEXT_SHOW_OPS.map((n) => OPS[n]));
  const fills = new Set([OPS.fill, OPS.eoFill, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);
  const stack = [];
  let state = { white: false, mode: 0, ctm: [1, 0, 0, 1, 0, 0] };
  let lastBox = null;
  const fillBox = (box) => {
    if (!state.white && box && box.length === 4) coloured.push(pageBox(state.ctm, box));
  };
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i];
    if (fn === OPS.save) stack.push({ ...state });
    else if (fn === OPS.restore) state = stack.pop() ?? state;
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push({ ...state });
      if (Array.isArray(args?.[0]) || ArrayBuffer.isView(args?.[0])) state.ctm = multiply(state.ctm, Array.from(args[0]));
    } else if (fn === OPS.paintFormXObjectEnd) state = stack.pop() ?? state;
    else if (fn === OPS.transform) state.ctm = multiply(state.ctm, Array.from(args ?? [1, 0, 0, 1, 0, 0]));
    else if (fn === OPS.setFillRGBColor) state.white = isWhite(args?.[0]);
    else if (fn === OPS.setTextRenderingMode) state.mode = Number(args?.[0]) || 0;
    else if (fn === OPS.constructPath) {
      lastBox = args?.[2] ? Array.from(args[2]) : null;
      if (fills.has(args?.[0])) fillBox(lastBox);
    } else if (fills.has(fn)) fillBox(lastBox);
    else if (show.has(fn)) {
      const how = INVISIBLE_MODES.has(state.mode) ? "invisible" : state.white ? "white" : "visible";
      for (const ch of glyphText(args).replace(/\s+/g, "")) glyphs.push({ ch, how });
    }
  }

  const onColour = (at) => coloured.some(([bx0, by0, bx1, by1]) => at[0] >= bx0 && at[0] <= bx1 && at[1] >= by0 && at[1] <= by1);
  let g = 0;
  /** Items hidden only by an invisible rendering mode: what an OCR layer over a scan is made of. */
  const byMode = items.map(() => false);
  const flags = items.map((item, k) => {
    const geo = geometry[k];
    if (!geo) return false;
    let allHidden = true;
    let matched = true;
    let white = false;
    for (const ch of item.str.replace(/\s+/g, "")) {
      let j = g;
      while (j < glyphs.length && j < g + 4 && glyphs[j].ch !== ch) j++;
      if (j >= glyphs.length || glyphs[j].ch !== ch) {
        matched = false;
        continue;
      }
      g = j + 1;
      if (glyphs[j].how === "visible" || (glyphs[j].how === "white" && onColour(geo.at))) allHidden = false;
      else if (glyphs[j].how === "white") white = true;
    }
    const hidden = geo.unseen || (matched && allHidden);
    byMode[k] = hidden && !geo.unseen && !white;
    return hidden;
  });
  const chars = (pick) => items.reduce((n, item, k) => n + (pick(k) && typeof item.str === "string" ? item.str.replace(/\s+/g, "").length : 0), 0);
  // An OCR layer is text in an invisible rendering mode over most of the page: that text is the
  // page's real content and is kept. White, tiny or off-page text is reported however much of it
  // there is — a page of white keywords is no scan.
  return chars((k) => byMode[k]) * 2 > chars(() => true) ? flags.map((f, k) => f && !byMode[k]) : flags;
}

/** m1 · m2 for PDF matrices [a b c d e f] (pdf.js Util.transform). */
function multiply(m1, m2) {
  return [
    m1[0] * m2[0] + m1[2] * m2[1],
    m1[1] * m2[0] + m1[3] * m2[1],
    m1[0] * m2[2] + m1[2] * m2[3],
    m1[1] * m2[2] + m1[3] * m2[3],
    m1[0] * m2[4] + m1[2] * m2[5] + m1[4],
    m1[1] * m2[4] + m1[3] * m2[5] + m1[5],
  ];
}

/** A local bounding box [minX, minY, maxX, maxY] in page space under `ctm`. */
function pageBox(ctm, [a, b, c, d]) {
  const pts = [
    [a, b],
    [a, d],
    [c, b],
    [c, d],
  ].map(([x, y]) => [ctm[0] * x + ctm[2] * y + ctm[4], ctm[1] * x + ctm[3] * y + ctm[5]]);
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

function isWhite(hex) {
  if (typeof hex !== "string" || !/^#[0-9a-f]{6}$/i.test(hex)) return false;
  return [1, 3, 5].every((i) => Number.parseInt(hex.slice(i, i + 2), 16) >= WHITE_MIN);
}

/** The Unicode text of a show-text operator's glyphs (numbers in TJ arrays are spacing). */
function glyphText(args) {
  const glyphs = Array.isArray(args?.[0]) ? args[0] : [];
  let out = "";
  for (const g of glyphs) if (g && typeof g === "object" && typeof g.unicode === "string") out += g.unicode;
  return out;
}

/**
 * pdf.js 5 sends font data with ArrayBuffer.prototype.transferToFixedLength (Node ≥ 21); on Node 20
 * getOperatorList fails at the first font without it, and every show-text operator after it is
 * lost. A copying stand-in, installed in this thread only, is enough: the buffer is not reused.
 * Installed only for the visibility pass (after the text-operator count of an almost empty PDF,
 * which keeps its behaviour).
 */
function allowFontTransfer() {
  if (typeof ArrayBuffer.prototype.transferToFixedLength === "function") return;
  Object.defineProperty(ArrayBuffer.prototype, "transferToFixedLength", {
    configurable: true,
    writable: true,
    value: function transferToFixedLength(length = this.byteLength) {
      const out = new ArrayBuffer(length);
      new Uint8Array(out).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
      return out;
    },
  });
}

/**
 * A page's text from its items, hidden items (`flags`) on lines of their own so the analysis can
 * remove exactly them; their text is added to `hidden`. Without flags: the items joined as always.
 */
function pageText(items, flags, hidden) {
  let text = "";
  let inHidden = false;
  let run = "";
  const endRun = () => {
    if (run.trim()) hidden.push(run.trim());
    run = "";
  };
  items.forEach((item, k) => {
    if (typeof item.str !== "string") return;
    const isHidden = flags[k] === true;
    if (item.str.trim() && isHidden !== inHidden) {
      if (text && !text.endsWith("\n")) text += "\n";
      if (inHidden) endRun();
      inHidden = isHidden;
    }
    text += item.str + (item.hasEOL ? "\n" : "");
    if (inHidden) {
      run += item.str;
      if (item.hasEOL) endRun();
    }
  });
  if (inHidden) endRun();
  return text;
}

/** Sends the one answer (with this process's CPU time) and resolves once it is written to the channel. */
function reply(message) {
  const { user, system } = process.cpuUsage();
  return new Promise((resolve) => process.send({ ...message, cpuMicros: user + system }, undefined, {}, () => resolve()));
}

async function main({ data, maxPages, maxChars, opsPages }) {
  let getDocumentProxy, pdfjs;
  try {
    const unpdf = await import("unpdf");
    getDocumentProxy = unpdf.getDocumentProxy;
    pdfjs = await unpdf.getResolvedPDFJS();
  } catch (err) {
    // The deployment is broken, not the file: pdf.ts throws so the task is retried, not refused.
    await reply({ type: "setup-error", name: err?.name ?? "Error", message: String(err?.message ?? err) });
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
    await reply({ type: "open-error", name: err?.name ?? "Error", message: String(err?.message ?? err) });
    return;
  }

  const numPages = pdf.numPages;
  if (numPages > maxPages) {
    await reply({ type: "too-many-pages", numPages });
    await pdf.destroy();
    return;
  }

  const pages = [];
  /** Per page read: its text items and the text of its form fields and notes (for the visibility pass). */
  const read = [];
  const hidden = [];
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
      let text = pageText(content.items, [], hidden);
      let extra = "";
      // Filled-in form fields (fillable resume templates) and free-text notes are not page content.
      try {
        for (const a of await page.getAnnotations()) {
          if (a.subtype === "Widget" && a.fieldType === "Tx" && typeof a.fieldValue === "string" && a.fieldValue.trim()) {
            extra += `\n${a.fieldValue}`;
          } else if (a.subtype === "FreeText" && typeof a.contentsObj?.str === "string" && a.contentsObj.str.trim()) {
            extra += `\n${a.contentsObj.str}`;
          }
        }
      } catch {
        /* annotations are a bonus */
      }
      text += extra;
      pages.push(text);
      read.push({ index: pages.length - 1, pageNumber: i, items: content.items, extra });
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

  // A document with text: which of it is drawn invisibly (hiddenItems), page by page.
  if (pages.join("").replace(/\s+/g, "").length >= 200) {
    allowFontTransfer();
    for (const r of read) {
      try {
        const page = await pdf.getPage(r.pageNumber);
        const flags = await hiddenItems(page, { items: r.items }, pdfjs.OPS);
        if (flags.some(Boolean)) pages[r.index] = pageText(r.items, flags, hidden) + r.extra;
        page.cleanup();
      } catch {
        /* the visibility check is a bonus: the text is still read */
      }
    }
  }

  await reply({ type: "done", numPages, pages, pageErrors, truncated, textShowOps, hidden });
  await pdf.destroy();
}

// The parent gone (its process died, or it gave up and disconnected): nothing will read an answer.
process.on("disconnect", () => process.exit(0));
process.once("message", (request) => {
  main(request)
    .catch((err) => reply({ type: "crash", name: err?.name ?? "Error", message: String(err?.message ?? err) }))
    .finally(() => process.exit(0));
});
