import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { extractDocumentText } from "@/lib/resume";
import { corpusPath } from "@/tests/corpus-dir";
import { chunkDocument } from "./chunk";
import { detectKbDocument, extractKbDocument } from "./extract";
import { KB_EXTRACT_TIMEOUT_MS, KB_PDF_HEAP_MB, MAX_KB_DOCX_XML_BYTES, MAX_KB_TEXT_CHARS } from "./limits";

const bytes = (rel: string) => new Uint8Array(readFileSync(corpusPath(rel)));

describe("knowledge-base extraction (the resume readers under the knowledge base's caps)", () => {
  it("reads a 117-page PDF a resume may not be (30 pages), page by page, and chunks know their pages", async () => {
    const r = await extractKbDocument({ bytes: bytes("edge-pdf/many-pages-117.pdf"), kind: "pdf" });
    if (!r.ok) throw new Error(r.message);
    expect(r.pageCount).toBe(117);
    expect(r.pages).toHaveLength(117);
    const chunks = chunkDocument({ text: r.text, pages: r.pages });
    expect(chunks.length).toBeGreaterThan(100);
    expect(chunks[0]!.page).toBe(1);
    expect(Math.max(...chunks.map((c) => c.page ?? 0))).toBeGreaterThan(100);
    // Pages never go backwards through the document.
    for (let i = 1; i < chunks.length; i++) expect(chunks[i]!.page!).toBeGreaterThanOrEqual(chunks[i - 1]!.page!);
  });

  it("refuses a PDF over the page cap as too_large, before reading its text", async () => {
    const r = await extractDocumentText(
      { bytes: bytes("edge-pdf/many-pages-117.pdf"), kind: "pdf" },
      { maxPages: 100, maxChars: MAX_KB_TEXT_CHARS, maxDocxXmlBytes: MAX_KB_DOCX_XML_BYTES, timeoutMs: KB_EXTRACT_TIMEOUT_MS, pdfHeapMb: KB_PDF_HEAP_MB },
    );
    expect(r).toMatchObject({ ok: false, code: "too_large" });
    expect(!r.ok && r.message).toMatch(/117 pages.*at most 100/);
  });

  it("refuses a text over the character cap as too_large", async () => {
    const r = await extractDocumentText(
      { bytes: new TextEncoder().encode("Leave policy. ".repeat(100)), kind: "text" },
      { maxPages: 1000, maxChars: 500, maxDocxXmlBytes: MAX_KB_DOCX_XML_BYTES, timeoutMs: KB_EXTRACT_TIMEOUT_MS, pdfHeapMb: KB_PDF_HEAP_MB },
    );
    expect(r).toMatchObject({ ok: false, code: "too_large" });
  });

  it("reads a Word document and a Chinese Markdown file, keeping Markdown headings", async () => {
    const docx = await extractKbDocument({ bytes: bytes("resumes-docx/en_msword_accountant_pair.docx"), kind: "docx" });
    expect(docx).toMatchObject({ ok: true, language: "en", pages: null });
    const md = await extractKbDocument({ bytes: bytes("resumes-txt-md/zh_markdown_java-template.md"), kind: "markdown" });
    if (!md.ok) throw new Error(md.message);
    expect(md.language).toBe("zh");
    expect(md.text).toMatch(/^#{1,6} /m);
    expect(chunkDocument({ text: md.text, pages: null }).some((c) => c.heading !== null)).toBe(true);
  });

  it.each([
    ["edge-pdf/encrypted-user-password-abc.pdf", "pdf", "encrypted"],
    ["edge-pdf/scanned-image-only-no-text.pdf", "pdf", "no_text_layer"],
    ["edge-pdf/pagecount-bomb-213M.pdf", "pdf", "corrupt"],
    ["edge-pdf/header-and-eof-only.pdf", "pdf", "corrupt"],
    ["edge-pdf/chinese-gbk-nonembedded-font-mojibake.pdf", "pdf", "unreadable"],
    ["edge-docx/encrypted-password.docx", "docx", "encrypted"],
    ["edge-docx/corrupt-word-lockfile-not-zip.docx", "docx", "corrupt"],
    ["edge-pdf/zero-bytes.pdf", "pdf", "too_short"],
  ] as const)("refuses %s as %s with a sentence", async (file, kind, code) => {
    const r = await extractKbDocument({ bytes: bytes(file), kind });
    expect(r).toMatchObject({ ok: false, code });
    expect(!r.ok && r.message.length).toBeGreaterThan(10);
  });

  it("tells the kind from the bytes; UTF-8 text named .md is Markdown; an image is refused with a reason", async () => {
    expect(await detectKbDocument(bytes("edge-pdf/many-pages-117.pdf"), "notes.txt")).toMatchObject({ kind: "pdf" });
    expect(await detectKbDocument(bytes("resumes-txt-md/en_pandoc_resume.md"), "notes.md")).toMatchObject({ kind: "markdown", fileKind: "text" });
    expect(await detectKbDocument(bytes("resumes-txt-md/en_plain_sample_resume.txt"), "notes.txt")).toMatchObject({ kind: "text" });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(await detectKbDocument(png, "photo.pdf")).toEqual({ error: expect.stringMatching(/Images are not supported/) });
  });
});
