import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { assessGarbage, countUnits, judgeText, loremShare, scoreResume } from "./classify";
import { CORPUS_DIR } from "./corpus-expectations";
import { normalizeText } from "./normalize";
import { SAMPLE_RESUME_EN, SAMPLE_RESUME_ZH } from "./test-helpers";
import { textToRaw } from "./text";

const judge = (raw: string, pageCount: number | null = 1) => judgeText({ raw, text: normalizeText(raw), pageCount });

describe("assessGarbage", () => {
  it("flags Latin-1 mojibake of GBK Chinese (¹ØÓÚºì¾ü = 关于红军)", () => {
    const raw = "¹ØÓÚºì¾üµÚÎåÎå¾ü ¹ØÓÚºì¾ü ÏÈÇ²¶ÓµÄÐÐ¶¯ ¸ÄÔì";
    expect(assessGarbage(raw)).toMatchObject({ garbage: true, reason: "Latin-1 mojibake" });
  });

  it("flags UTF-8 read as Latin-1 (RÃ©sumÃ©)", () => {
    expect(assessGarbage("RÃ©sumÃ© of JosÃ© GarcÃ­a, SÃ£o Paulo, EspaÃ±a").garbage).toBe(true);
  });

  it("flags a CID font without ToUnicode (shifted letters and control characters)", () => {
    expect(assessGarbage("3HQČåQt\u0003SURVWĜHGN\\\u0003QD\u0003~þWHFK").garbage).toBe(true);
  });

  it("flags shifted-letter garbage without control characters by word shape", () => {
    const raw = "Wkh vwxghqw ghyhorshg d qhz vbvwhp ghvljqhg iru vfdodeoh vhuylfhv zlwk Pbvtp dqg Uhglv";
    expect(assessGarbage(raw)).toMatchObject({ garbage: true });
  });

  it("flags replacement characters and private-use glyph soup", () => {
    expect(assessGarbage("\uFFFD\uFFFD\uFFFD \uFFFD\uFFFD ab").garbage).toBe(true);
    expect(assessGarbage("\uE001\uE002\uE003\uE004 \uE005\uE006").garbage).toBe(true);
  });

  it("flags symbol soup", () => {
    expect(assessGarbage("☐☐☐ ☐☐☐☐ ☐☐ ⌧⌧⌧ ☐☐☐☐☐ ☐☐☐ ☐☐☐☐ ☐☐☐ ☐☐ ☐☐☐ ab cd").garbage).toBe(true);
  });

  it("passes real English, acronyms, accented names, German and Chinese", () => {
    expect(assessGarbage(SAMPLE_RESUME_EN.join("\n")).garbage).toBe(false);
    expect(assessGarbage("SQL TCP PHP HTML CSS XML JVM MVC NLP GCP AWS K8S XXX ZZZ").garbage).toBe(false);
    expect(assessGarbage("José Müller, Boğaziçi University, São Paulo, Ångström, façade, Résumé").garbage).toBe(false);
    expect(assessGarbage("Einführung in die Geometrie und Topologie, Vorlesung im Wintersemester an der Universität").garbage).toBe(false);
    expect(assessGarbage(SAMPLE_RESUME_ZH.join("\n")).garbage).toBe(false);
  });

  it("judges mojibake on the raw text, before NFKC hides it", () => {
    const raw = "¹ØÓÚºì¾ü ¹ØÓÚºì¾ü ¹ØÓÚºì¾ü";
    expect(judgeText({ raw, text: normalizeText(raw), pageCount: 1 }).outcome).toMatchObject({ ok: false, code: "unreadable" });
  });
});

describe("countUnits and lorem", () => {
  it("counts words, and Chinese characters as half a word; digits are not words", () => {
    expect(countUnits("Led a team of 5")).toMatchObject({ words: 4, units: 4 });
    expect(countUnits("负责后端开发")).toMatchObject({ han: 6, units: 3 });
    expect(countUnits("1 2 3 4 5 6 7 8 9").units).toBe(0);
  });

  it("measures the lorem-ipsum share, ignoring words English resumes use (magna cum laude)", () => {
    expect(loremShare("Lorem ipsum dolor sit amet, consectetur adipiscing elit").share).toBeGreaterThan(0.8);
    expect(loremShare("Graduated magna cum laude, est. 2019, non-profit work").lorem).toBe(0);
  });
});

describe("scoreResume", () => {
  it("scores a resume above the threshold with its signals", () => {
    const s = scoreResume(SAMPLE_RESUME_EN.join("\n"), 1);
    expect(s.isResume).toBe(true);
    expect(s.headings).toEqual(expect.arrayContaining(["summary", "experience", "education", "skills"]));
    expect(s).toMatchObject({ email: true, phone: true, link: true });
    expect(s.dateRanges).toBeGreaterThanOrEqual(3);
  });

  it("recognises Chinese headings and dates (2018.07 - 至今)", () => {
    const s = scoreResume(SAMPLE_RESUME_ZH.join("\n"), 1);
    expect(s.isResume).toBe(true);
    expect(s.headings).toEqual(expect.arrayContaining(["education", "experience", "projects", "skills"]));
    expect(s.dateRanges).toBeGreaterThanOrEqual(3);
  });

  it("a page of a novel is not a resume", () => {
    const novel =
      "We went tiptoeing along a path amongst the trees back towards the end of the widow's garden, stooping down so as the branches wouldn't scrape our heads. When we was passing by the kitchen I fell over a root and made a noise. We scrouched down and laid still. Miss Watson's big nigger, named Jim, was setting in the kitchen door; we could see him pretty clear, because there was a light behind him. He got up and stretched his neck out about a minute, listening.";
    expect(judge(novel).outcome).toMatchObject({ ok: false, code: "not_a_resume" });
  });

  it("contact details and length without any resume structure are not enough", () => {
    const text = `Contact us at jobs@example.com or +1 555 123 4567. ${"We are a friendly team building great products for customers around the world. ".repeat(8)}`;
    const s = scoreResume(text, 1);
    expect(s.isResume).toBe(false);
    expect(s.signals).toContain("no resume headings or date ranges");
  });
});

describe("judgeText", () => {
  it("accepts resumes with their language", () => {
    expect(judge(SAMPLE_RESUME_EN.join("\n")).outcome).toMatchObject({ ok: true, language: "en", pageCount: 1 });
    expect(judge(SAMPLE_RESUME_ZH.join("\n")).outcome).toMatchObject({ ok: true, language: "zh" });
  });

  it("almost no text: too_short, or no_text_layer for a PDF with images, or unreadable when text ops yield nothing", () => {
    expect(judge("Reduced test-case").outcome).toMatchObject({ ok: false, code: "too_short" });
    const pdf = (hasImages: boolean, textShowOps: number) => judgeText({ raw: "", text: "", pageCount: 1, pdf: { hasImages, textShowOps } });
    expect(pdf(true, 0).outcome).toMatchObject({ code: "no_text_layer" });
    expect(pdf(false, 345).outcome).toMatchObject({ code: "unreadable" });
    expect(pdf(false, 0).outcome).toMatchObject({ code: "too_short" });
  });

  it("refuses another script with a message naming English and Chinese", () => {
    const out = judge("السيرة الذاتية مهندس برمجيات خبرة عشر سنوات في تطوير الأنظمة").outcome;
    expect(out).toMatchObject({ ok: false, code: "not_a_resume" });
    if (!out.ok) expect(out.message).toMatch(/Arabic.*only English and Chinese/);
  });

  it("refuses an unfilled lorem-ipsum template", () => {
    const lorem = [
      "王小明",
      "xiaoming@example.com | (+86) 12345678900",
      "教育经历",
      ...Array(8).fill(
        "Lorem ipsum. 2333/23 – 2333/23 Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magnam aliquam quaerat.",
      ),
    ];
    const out = judge(lorem.join("\n")).outcome;
    expect(out).toMatchObject({ ok: false, code: "not_a_resume" });
    if (!out.ok) expect(out.message).toMatch(/Lorem ipsum/);
  });

  it("refuses a book-length text", () => {
    const out = judge(`${SAMPLE_RESUME_EN.join("\n")}\n${"word ".repeat(16_000)}`).outcome;
    expect(out).toMatchObject({ ok: false, code: "not_a_resume" });
  });

  // Job descriptions are the documents most easily mistaken for resumes.
  it.each(fs.readdirSync(path.join(CORPUS_DIR, "jobs")))("job description %s is not a resume", (file) => {
    const { raw } = textToRaw(fs.readFileSync(path.join(CORPUS_DIR, "jobs", file), "utf8"));
    const out = judge(raw, null).outcome;
    expect(out.ok).toBe(false);
  });
});
