/**
 * DOCX → raw text with mammoth, guarded: the ZIP is checked and its XML parts inflated with a
 * hard size cap, and mammoth reads those inflated parts (never the ZIP itself: its JSZip would
 * inflate a bomb without limit). What mammoth skips is added: text boxes written as DrawingML
 * only, grouped shapes and SmartArt are rewritten into the VML text boxes it reads
 * (`docx-drawings.ts`), and headers and footers, which it ignores, are read from their XML
 * (contact details often live in the header of a Word resume). Reading order and what is read
 * once: docs/corpus-outcomes.md.
 */
import mammoth from "mammoth";
import { containsUtf16, isCfb, isZip } from "./detect-type";
import { readableDrawings } from "./docx-drawings";
import { docxStyles, withoutHiddenRuns } from "./docx-hidden-runs";
import { partParagraphs } from "./docx-part-text";
import { DOCX_TIMEOUT_MS, MAX_DOCX_XML_BYTES, withTimeout } from "./limits";
import { smartArtLines } from "./smartart";
import { type ExtractFailure, fail } from "./types";
import { attribute, outerElements } from "./xml-scan";
import { readZipDirectory, readZipEntry, type ZipEntry } from "./zip";

const DOCX_MESSAGES = {
  encrypted: "This Word file is password-protected; remove the password in Word and upload it again.",
  legacyDoc: "This is an old-format Word file (.doc), not a .docx; save it as .docx or PDF and upload that.",
  notZip: "This Word file is damaged or incomplete, so it could not be opened.",
  notWord: "This file is not a Word document, so it could not be read.",
  tooLarge: "This Word file unpacks to far more data than a resume could contain, so it was not read.",
  mammoth: "This Word file is damaged and could not be read; open it in Word, save it again and upload the new copy.",
  timeout: "This Word file took too long to read; it may be damaged or unusually complex.",
} as const;

type DocxResult =
  | {
      ok: true;
      raw: string;
      pageCount: number | null;
      hidden: string[];
      /** The body's paragraphs styled as headings (`Title`, `Heading 1`…, or an outline level), in order, with their level (1 = top). */
      headings: { text: string; level: number }[];
    }
  | ExtractFailure;

/** Caps of one read for a caller whose documents are not resumes (a knowledge base's); default the resume's (limits.ts). */
export interface DocxLimits {
  /** Total unpacked size of the XML parts; default {@link MAX_DOCX_XML_BYTES}. */
  maxXmlBytes?: number;
}

/**
 * The raw text of a DOCX (`bytes`): header lines, the body as mammoth reads it after the drawing
 * rewrite, footer lines, one paragraph a line; with the page count Word saved
 * (`docProps/app.xml`, null when absent); runs a reader cannot see (docx-hidden-runs.ts) are left
 * out of `raw` and their text is in `hidden`, one entry per contiguous span. Never throws for bad input: a CFB container (encrypted
 * or legacy .doc), a damaged ZIP, XML parts over `MAX_DOCX_XML_BYTES` (what the drawing
 * rewrite pastes in, SmartArt text at each reference, counted too), a part mammoth cannot
 * parse or a read longer than `timeoutMs` come back as a failure with a sentence for the person.
 */
export async function extractDocx(bytes: Uint8Array, timeoutMs = DOCX_TIMEOUT_MS, limits: DocxLimits = {}): Promise<DocxResult> {
  if (isCfb(bytes)) {
    return containsUtf16(bytes, "EncryptedPackage") ? fail("encrypted", DOCX_MESSAGES.encrypted) : fail("corrupt", DOCX_MESSAGES.legacyDoc);
  }
  if (!isZip(bytes)) return fail("corrupt", DOCX_MESSAGES.notZip);
  const entries = readZipDirectory(bytes);
  if (!entries) return fail("corrupt", DOCX_MESSAGES.notZip);
  if (!entries.some((e) => e.name === "word/document.xml")) return fail("corrupt", DOCX_MESSAGES.notWord);

  // Inflate every XML part under one budget: the directory's sizes may lie, the inflater's cap cannot.
  const xml = new Map<string, string>();
  let budget = limits.maxXmlBytes ?? MAX_DOCX_XML_BYTES;
  const decoder = new TextDecoder("utf-8");
  for (const entry of entries) {
    if (!/\.(xml|rels)$/i.test(entry.name)) continue;
    if (entry.uncompressedSize > budget) return fail("not_a_resume", DOCX_MESSAGES.tooLarge);
    const data = readZipEntry(bytes, entry, budget);
    if (!data) return fail("corrupt", entry.uncompressedSize >= budget / 2 ? DOCX_MESSAGES.tooLarge : DOCX_MESSAGES.notZip);
    budget -= data.length;
    xml.set(entry.name, decoder.decode(data));
  }
  const sheet = docxStyles(xml.get("word/styles.xml") ?? "");
  const hidden: string[] = [];
  // One parse per SmartArt, however many drawings point at it.
  const smartArt = new Map<string, string[] | null>();
  const readable = (name: string) => {
    const part = xml.get(name) ?? "";
    // Before the drawing rewrite: it keeps a box's paragraphs but not the shape's fill, which
    // decides whether white text in it is seen.
    const visible = withoutHiddenRuns(part, sheet);
    hidden.push(...visible.hidden);
    // Each SmartArt reference pastes its text into the part, so one small data part pointed at
    // thousands of times would amplify the part without limit: every paste is charged against
    // what is left of the budget as it is made, and the rewritten part's growth after.
    let pasted = 0;
    const rewritten = readableDrawings(visible.xml, (relId) => {
      const key = `${name}\n${relId}`;
      if (!smartArt.has(key)) smartArt.set(key, smartArtFor(xml, name, relId));
      const lines = smartArt.get(key) ?? null;
      pasted += lines ? lines.reduce((n, l) => n + l.length + PASTE_OVERHEAD, 0) : 0;
      if (pasted > budget) throw new OverBudget();
      return lines;
    });
    budget -= Math.max(0, rewritten.length - part.length);
    if (budget < 0) throw new OverBudget();
    return rewritten;
  };

  let body: string;
  let main: string;
  try {
    main = readable(MAIN_PART);
  } catch (err) {
    if (err instanceof OverBudget) return fail("not_a_resume", DOCX_MESSAGES.tooLarge);
    throw err;
  }
  try {
    const file = docxFile(bytes, entries, xml, main, budget);
    const result = await withTimeout(mammoth.extractRawText({ file } as unknown as { buffer: Buffer }), timeoutMs, "mammoth");
    body = result.value;
  } catch (err) {
    return fail("corrupt", err instanceof Error && err.name === "TimeoutError" ? DOCX_MESSAGES.timeout : DOCX_MESSAGES.mammoth);
  }

  const bodyLines = new Set(
    body
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean),
  );
  const extra = (prefix: "header" | "footer") => {
    const seen = new Set<string>();
    return [...xml.entries()]
      .filter(([name]) => new RegExp(`^word/${prefix}\\d*\\.xml$`).test(name))
      .sort(([a], [b]) => a.localeCompare(b))
      .flatMap(([name]) => partParagraphs(readable(name)))
      .map((l) => l.trim())
      .filter((l) => {
        if (!l || bodyLines.has(l) || seen.has(l) || /^(page\s*)?\d+(\s*(of|\/)\s*\d+)?$/i.test(l)) return false;
        seen.add(l);
        return true;
      });
  };
  let header: string[];
  let footer: string[];
  try {
    header = extra("header");
    footer = extra("footer");
  } catch (err) {
    if (err instanceof OverBudget) return fail("not_a_resume", DOCX_MESSAGES.tooLarge);
    throw err;
  }
  const raw = [...header, body, ...footer].join("\n");

  const pages = /<Pages>(\d+)<\/Pages>/.exec(xml.get("docProps/app.xml") ?? "");
  return { ok: true, raw, pageCount: pages ? Number(pages[1]) : null, hidden: [...new Set(hidden)], headings: headingParagraphs(main) };
}

/** Style ids Word gives its built-in headings (`Heading1`, localised ids keep the digit) and the title. */
const HEADING_STYLE = /^(?:heading|berschrift|titre|titolo|标题)\s*(\d)$/i;

/**
 * The paragraphs of the main part styled as headings: a `w:pStyle` of `Title` (level 1) or
 * `Heading N` (level N), or a `w:outlineLvl` (0-based, level + 1). One linear scan of the part.
 */
function headingParagraphs(main: string): { text: string; level: number }[] {
  const out: { text: string; level: number }[] = [];
  for (const p of outerElements(main, ["p"])) {
    const inner = main.slice(p.innerStart, p.innerEnd);
    const style = /<[\w]+:pStyle\s[^>]*?val="([^"]*)"/.exec(inner)?.[1] ?? "";
    const outline = /<[\w]+:outlineLvl\s[^>]*?val="(\d)"/.exec(inner)?.[1];
    const level = /^title$/i.test(style)
      ? 1
      : HEADING_STYLE.test(style)
        ? Number(HEADING_STYLE.exec(style)![1])
        : outline !== undefined
          ? Number(outline) + 1
          : 0;
    if (level < 1 || level > 9) continue;
    const text = partParagraphs(main.slice(p.start, p.end)).join(" ").replace(/\s+/g, " ").trim();
    if (text) out.push({ text, level });
  }
  return out;
}

const MAIN_PART = "word/document.xml";
/** Characters of markup a pasted SmartArt line costs besides its text (the `w:p`/`w:r`/`w:t` it is wrapped in, docx-drawings.ts). */
const PASTE_OVERHEAD = 64;

/** The rewritten parts would exceed `MAX_DOCX_XML_BYTES`. */
class OverBudget extends Error {}

/**
 * The lines of the SmartArt whose data part is relationship `relId` of part `partName`
 * (`word/_rels/<part>.rels`), or null when the relationship or its part is missing.
 */
function smartArtFor(xml: Map<string, string>, partName: string, relId: string): string[] | null {
  const slash = partName.lastIndexOf("/");
  const folder = partName.slice(0, slash);
  const rels = xml.get(`${folder}/_rels/${partName.slice(slash + 1)}.rels`) ?? "";
  for (const rel of outerElements(rels, ["Relationship"])) {
    if (attribute(rel.attrs, "Id") !== relId) continue;
    const target = attribute(rel.attrs, "Target") ?? "";
    const path = target.startsWith("/") ? target.slice(1) : resolvePath(folder, target);
    const data = xml.get(path);
    return data === undefined ? null : smartArtLines(data);
  }
  return null;
}

function resolvePath(folder: string, target: string): string {
  const parts = folder.split("/").filter(Boolean);
  for (const piece of target.split("/")) {
    if (piece === "..") parts.pop();
    else if (piece !== "." && piece !== "") parts.push(piece);
  }
  return parts.join("/");
}

/**
 * The file object mammoth's `openZip` accepts as `{ file }` (mammoth lib/unzip.js): XML parts
 * from the budgeted inflation, the main part as rewritten, any other part (a picture) inflated on
 * demand from what is left of the budget.
 */
function docxFile(bytes: Uint8Array, entries: ZipEntry[], xml: Map<string, string>, main: string, budget: number) {
  const encoder = new TextEncoder();
  let left = budget;
  const raw = (name: string): Uint8Array => {
    if (name === MAIN_PART) return encoder.encode(main);
    const part = xml.get(name);
    if (part !== undefined) return encoder.encode(part);
    const entry = entries.find((e) => e.name === name);
    const data = entry ? readZipEntry(bytes, entry, left) : null;
    if (!data) throw new Error(`part ${name} is missing or over the budget`);
    left -= data.length;
    return data;
  };
  return {
    exists: (name: string) => xml.has(name) || entries.some((e) => e.name === name),
    read: async (name: string, encoding?: string) => {
      if (encoding === undefined) return raw(name);
      if (encoding === "base64") return Buffer.from(raw(name)).toString("base64");
      return name === MAIN_PART ? main : (xml.get(name) ?? new TextDecoder(encoding).decode(raw(name)));
    },
  };
}
