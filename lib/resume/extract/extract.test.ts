import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CORPUS_DIR } from "./corpus-expectations";
import { extractResumeText, extractResumeTextWithReport } from "./index";
import { DECLARED_PAGES_LIMIT, extractPdf, pdfReaderCpuMicros, scanPdfBytes } from "./pdf";
import { documentXml, makeDocx, SAMPLE_RESUME_EN, SAMPLE_RESUME_ZH } from "./test-helpers";

const enc = (s: string) => new TextEncoder().encode(s);
const corpus = (p: string) => new Uint8Array(fs.readFileSync(path.join(CORPUS_DIR, p)));

describe("extractResumeText: text files", () => {
  it("plain UTF-8 resume → ok, normalised", async () => {
    const out = await extractResumeText({ bytes: enc(SAMPLE_RESUME_ZH.map((l) => l.replace(/(\p{Script=Han})/gu, "$1 ")).join("\n")), kind: "text" });
    expect(out).toMatchObject({ ok: true, language: "zh", pageCount: null });
    if (out.ok) expect(out.text).toContain("负责支付系统的设计与开发");
  });

  it("UTF-16LE with BOM is decoded", async () => {
    const text = SAMPLE_RESUME_EN.join("\r\n");
    const bytes = new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]));
    const out = await extractResumeText({ bytes, kind: "text" });
    expect(out).toMatchObject({ ok: true, language: "en" });
    if (out.ok) expect(out.text.split("\n")[0]).toBe("Jane Doe");
  });

  it("JSON Resume becomes readable lines, not JSON", async () => {
    const out = await extractResumeText({ bytes: corpus("resumes-txt-md/en_json-resume_sample.resume.json"), kind: "text" });
    if (!out.ok) throw new Error(out.message);
    expect(out.text).not.toMatch(/[{}"]\s*:/);
    expect(out.text).toMatch(/^Richard Hendriks\nProgrammer\n/);
    expect(out.text).toContain("Skills\nWeb Development (Master): HTML, CSS, Javascript");
    expect(out.text).toContain("Bachelor in Information Technology, University of Oklahoma, (2011-06-01 – 2014-01-01)");
  });

  it("invalid UTF-8 handed over as text → corrupt, not a throw", async () => {
    expect(await extractResumeText({ bytes: new Uint8Array([0x52, 0xe9, 0x73]), kind: "text" })).toMatchObject({ ok: false, code: "corrupt" });
  });

  it("empty bytes → too_short", async () => {
    expect(await extractResumeText({ bytes: new Uint8Array(0), kind: "pdf" })).toMatchObject({ ok: false, code: "too_short" });
  });

  it("throws only on programmer error", async () => {
    await expect(extractResumeText({ bytes: "x" as unknown as Uint8Array, kind: "text" })).rejects.toThrow(TypeError);
    await expect(extractResumeText({ bytes: enc("x"), kind: "doc" as never })).rejects.toThrow(TypeError);
  });
});

describe("extractResumeText: DOCX", () => {
  it("reads body and header text, and Word's page count", async () => {
    const header = `<w:hdr xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:p><w:r><w:t>jane.doe@example.com</w:t><w:tab/><w:t>Page 1</w:t></w:r></w:p></w:hdr>`;
    const app = "<Properties><Pages>2</Pages></Properties>";
    const bytes = makeDocx(
      SAMPLE_RESUME_EN.filter((l) => !l.includes("@")),
      [
        { name: "word/header1.xml", data: header },
        { name: "docProps/app.xml", data: app },
      ],
    );
    const out = await extractResumeText({ bytes, kind: "docx" });
    expect(out).toMatchObject({ ok: true, language: "en", pageCount: 2 });
    if (out.ok) expect(out.text.split("\n")[0]).toBe("jane.doe@example.com Page 1");
  });

  // 70 MiB of "x" inside a paragraph: deflates to ~70 KiB, beyond the 64 MiB XML budget.
  const bomb = () =>
    Buffer.concat([
      Buffer.from(documentXml(SAMPLE_RESUME_EN).replace("</w:body>", "<w:p><w:r><w:t>")),
      Buffer.alloc(70 * 1024 * 1024, 0x78),
      Buffer.from("</w:t></w:r></w:p></w:body></w:document>"),
    ]);

  it("refuses a zip bomb whose directory admits its size, without inflating it", async () => {
    const out = await extractResumeTextWithReport({ bytes: makeDocx([], [{ name: "word/document.xml", data: bomb() }]), kind: "docx" });
    expect(out.outcome).toMatchObject({ ok: false, code: "not_a_resume" });
  });

  it("refuses a zip bomb that lies about its size (the inflater's cap holds)", async () => {
    const bytes = makeDocx([], [{ name: "word/document.xml", data: bomb(), claimedSize: 10_000 }]);
    const before = process.memoryUsage().rss;
    const out = await extractResumeText({ bytes, kind: "docx" });
    expect(out).toMatchObject({ ok: false, code: "corrupt" });
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it("a truncated DOCX and a ZIP without word/document.xml are corrupt", async () => {
    const good = makeDocx(SAMPLE_RESUME_EN);
    expect(await extractResumeText({ bytes: good.slice(0, good.length - 40), kind: "docx" })).toMatchObject({ ok: false, code: "corrupt" });
    const noWord = makeDocx([], []).slice(); // valid, but replace the document part name
    const renamed = Buffer.from(noWord).toString("latin1").replaceAll("word/document.xml", "word/documenX.xml");
    expect(await extractResumeText({ bytes: new Uint8Array(Buffer.from(renamed, "latin1")), kind: "docx" })).toMatchObject({ ok: false, code: "corrupt" });
  });

  it("CFB bytes handed over as docx: encrypted when they hold an EncryptedPackage", async () => {
    expect(await extractResumeText({ bytes: corpus("edge-docx/encrypted-password.docx"), kind: "docx" })).toMatchObject({ ok: false, code: "encrypted" });
    expect(await extractResumeText({ bytes: corpus("edge-docx/corrupt-word-lockfile-not-zip.docx"), kind: "docx" })).toMatchObject({
      ok: false,
      code: "corrupt",
    });
  });
});

describe("extractResumeText: PDF guards", () => {
  it("reads the claimed page count and images from the raw bytes", () => {
    expect(scanPdfBytes(corpus("edge-pdf/pagecount-bomb-213M.pdf")).declaredPages).toBe(213804087);
    expect(213804087).toBeGreaterThan(DECLARED_PAGES_LIMIT);
    expect(scanPdfBytes(corpus("edge-pdf/scanned-image-only-no-text.pdf")).hasImages).toBe(true);
    expect(scanPdfBytes(corpus("resumes-pdf/en_react-pdf_openresume.pdf")).hasImages).toBe(false);
  });

  it("a PDF that takes longer than the timeout ends as corrupt, and the caller's bytes are intact", async () => {
    const bytes = corpus("resumes-pdf/zh_typst_chicv-cn_lorem.pdf");
    // The deadline is what ended it (its message says so); how soon after the deadline the
    // answer comes is measured by bench/extract-corpus.ts.
    const out = await extractResumeText({ bytes, kind: "pdf" }, { timeoutMs: 50 });
    expect(out).toMatchObject({ ok: false, code: "corrupt" });
    if (!out.ok) expect(out.message).toMatch(/too long/);
    expect(bytes.byteLength).toBeGreaterThan(0); // not detached by pdf.js
    expect(await extractResumeText({ bytes, kind: "pdf" })).toMatchObject({ ok: false, code: "not_a_resume" });
  });

  it("a read that exhausts the reader's heap ends as corrupt (too much memory), and this process reads the next PDF", async () => {
    // 8 MB of old space is less than pdf.js needs to open any file: the reader process dies of
    // V8's heap limit. In a worker thread that death could abort the host process (pdf.ts).
    const bytes = corpus("resumes-pdf/en_typst_rendercv_classic.pdf");
    const starved = await extractPdf(bytes, 15_000, { heapMb: 8 });
    expect(starved).toMatchObject({ ok: false, code: "corrupt" });
    if (!starved.ok) expect(starved.message).toMatch(/too much memory/);
    const cpuBefore = pdfReaderCpuMicros();
    const read = await extractPdf(bytes);
    expect(read.ok).toBe(true);
    if (read.ok) expect(read.raw).toMatch(/\w{4,}/);
    // The reader's CPU is reported back, since process.cpuUsage() here does not include a child's.
    expect(pdfReaderCpuMicros()).toBeGreaterThan(cpuBefore);
  });

  it("the 117-page PDF is refused from its page count, without reading its text", async () => {
    const report = await extractResumeTextWithReport({ bytes: corpus("edge-pdf/many-pages-117.pdf"), kind: "pdf" });
    expect(report.outcome).toMatchObject({ ok: false, code: "not_a_resume" });
    if (!report.outcome.ok) expect(report.outcome.message).toMatch(/117 pages/);
    expect(report.raw).toBe("");
  });

  it("non-PDF bytes handed over as pdf → corrupt", async () => {
    expect(await extractResumeText({ bytes: enc("just some text, not a PDF at all"), kind: "pdf" })).toMatchObject({ ok: false, code: "corrupt" });
  });
});
