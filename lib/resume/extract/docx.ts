/**
 * DOCX → raw text with mammoth, guarded: the ZIP is checked and its XML parts inflated with a
 * hard size cap before mammoth sees it (mammoth's JSZip would inflate a bomb without limit).
 * Headers and footers, which mammoth ignores, are added from their XML (contact details often
 * live in the header of a Word resume).
 */
import mammoth from "mammoth";
import { containsUtf16, isCfb, isZip } from "./detect-type";
import { DOCX_TIMEOUT_MS, MAX_DOCX_XML_BYTES, withTimeout } from "./limits";
import { decodeEntities } from "./normalize";
import { type ExtractFailure, fail } from "./types";
import { readZipDirectory, readZipEntry } from "./zip";

const DOCX_MESSAGES = {
  encrypted: "This Word file is password-protected; remove the password in Word and upload it again.",
  legacyDoc: "This is an old-format Word file (.doc), not a .docx; save it as .docx or PDF and upload that.",
  notZip: "This Word file is damaged or incomplete, so it could not be opened.",
  notWord: "This file is not a Word document, so it could not be read.",
  tooLarge: "This Word file unpacks to far more data than a resume could contain, so it was not read.",
  mammoth: "This Word file is damaged and could not be read; open it in Word, save it again and upload the new copy.",
  timeout: "This Word file took too long to read; it may be damaged or unusually complex.",
} as const;

type DocxResult = { ok: true; raw: string; pageCount: number | null } | ExtractFailure;

export async function extractDocx(bytes: Uint8Array, timeoutMs = DOCX_TIMEOUT_MS): Promise<DocxResult> {
  if (isCfb(bytes)) {
    return containsUtf16(bytes, "EncryptedPackage") ? fail("encrypted", DOCX_MESSAGES.encrypted) : fail("corrupt", DOCX_MESSAGES.legacyDoc);
  }
  if (!isZip(bytes)) return fail("corrupt", DOCX_MESSAGES.notZip);
  const entries = readZipDirectory(bytes);
  if (!entries) return fail("corrupt", DOCX_MESSAGES.notZip);
  if (!entries.some((e) => e.name === "word/document.xml")) return fail("corrupt", DOCX_MESSAGES.notWord);

  // Inflate every XML part under one budget: the directory's sizes may lie, the inflater's cap cannot.
  const xml = new Map<string, string>();
  let budget = MAX_DOCX_XML_BYTES;
  const decoder = new TextDecoder("utf-8");
  for (const entry of entries) {
    if (!/\.(xml|rels)$/i.test(entry.name)) continue;
    if (entry.uncompressedSize > budget) return fail("not_a_resume", DOCX_MESSAGES.tooLarge);
    const data = readZipEntry(bytes, entry, budget);
    if (!data) return fail("corrupt", entry.uncompressedSize >= budget / 2 ? DOCX_MESSAGES.tooLarge : DOCX_MESSAGES.notZip);
    budget -= data.length;
    if (/^(word\/(header|footer)\d*\.xml|docProps\/app\.xml)$/.test(entry.name)) xml.set(entry.name, decoder.decode(data));
  }

  let body: string;
  try {
    const result = await withTimeout(mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) }), timeoutMs, "mammoth");
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
  const extra = (prefix: "header" | "footer") =>
    [...xml.entries()]
      .filter(([name]) => name.startsWith(`word/${prefix}`))
      .sort(([a], [b]) => a.localeCompare(b))
      .flatMap(([, x]) => wordParagraphs(x))
      .map((l) => l.trim())
      .filter((l, i, all) => l && !bodyLines.has(l) && all.indexOf(l) === i && !/^(page\s*)?\d+(\s*(of|\/)\s*\d+)?$/i.test(l));
  const raw = [...extra("header"), body, ...extra("footer")].join("\n");

  const pages = /<Pages>(\d+)<\/Pages>/.exec(xml.get("docProps/app.xml") ?? "");
  return { ok: true, raw, pageCount: pages ? Number(pages[1]) : null };
}

/** Paragraph texts of a WordprocessingML part (runs, tabs and breaks; no layout). */
function wordParagraphs(xml: string): string[] {
  const paragraphs = xml.match(/<w:p[\s>][\s\S]*?<\/w:p>/g) ?? [];
  return paragraphs.map((p) => {
    let text = "";
    for (const m of p.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:(tab|br|cr)\b[^>]*\/>/g)) {
      text += m[1] !== undefined ? decodeEntities(m[1]) : m[2] === "tab" ? "\t" : "\n";
    }
    return text;
  });
}
