/**
 * The expected outcome of every resume and edge file of the shared corpus (`../shared/corpus/`,
 * all of resumes-pdf, resumes-docx, resumes-txt-md, edge-pdf, edge-docx; not jobs/). The single
 * source: `corpus.test.ts` checks extraction against it, `docs/corpus-outcomes.md` is checked
 * against it, and the end-to-end test can upload each file and assert the same outcome.
 *
 * - `{ http: 415 }` — detectResumeKind answers null; the upload route refuses the type.
 * - `{ http: 422 }` — the upload route refuses an empty file before detection.
 * - `{ status: "TERMINATED_BY_POLICY", code }` — accepted upload; extraction refuses with `code`.
 * - `{ status: "COMPLETED", language }` — a real resume, analysed in `language`.
 */

export type CorpusExpectation = { http: 415 | 422 } | { status: "TERMINATED_BY_POLICY"; code: string } | { status: "COMPLETED"; language: "en" | "zh" };

interface CorpusCase {
  /** Path relative to the corpus folder, e.g. `resumes-pdf/zh_typst_qianxi_cv.pdf`. */
  path: string;
  expect: CorpusExpectation;
  /** One line: why this outcome. */
  reason: string;
  /** For COMPLETED files: strings the normalised text must contain verbatim (Chinese without spaces). */
  contains?: string[];
}

/** The corpus folder (see tests/corpus-dir.ts for how it is found). */
export { CORPUS_DIR } from "@/tests/corpus-dir";

/** The corpus folders that are walked (jobs/ holds job descriptions, not uploads). */
export const CORPUS_FOLDERS = ["resumes-pdf", "resumes-docx", "resumes-txt-md", "edge-pdf", "edge-docx"] as const;

const completed = (language: "en" | "zh") => ({ status: "COMPLETED", language }) as const;
const policy = (code: string) => ({ status: "TERMINATED_BY_POLICY", code }) as const;

export const CORPUS_EXPECTATIONS: CorpusCase[] = [
  // ── resumes-pdf ──
  {
    path: "resumes-pdf/en_chromium_two-column-sidebar_devops.pdf",
    expect: completed("en"),
    reason: "two-column Chromium resume; sidebar reads in order; letter-spaced name left as extracted (word gaps not recoverable)",
    contains: ["WORK EXPERIENCE", "jaredrich@email.com"],
  },
  {
    path: "resumes-pdf/en_latex_moderncv_classic_photo.pdf",
    expect: completed("en"),
    reason:
      "moderncv template with placeholder values still reads as a resume (sections, contact); the lorem cover-letter page is 31 % of its words, under the 50 % placeholder rule",
    contains: ["Education", "john@doe.org"],
  },
  {
    path: "resumes-pdf/en_latex_moderncv_ml-engineer_harvey-dent.pdf",
    expect: completed("en"),
    reason: "clean one-page LaTeX resume; icon glyphs extract as stray letters, harmless",
    contains: ["Harvey Dent", "Machine Learning Engineer"],
  },
  {
    path: "resumes-pdf/en_msword-mac_laverne_spaced-words.pdf",
    expect: completed("en"),
    reason: "Word-for-Mac PDF; pdf.js already joins the tab-separated words, U+2010 hyphens and soft hyphens are normalised",
    contains: ["(909) 555-5555", "on-campus position"],
  },
  {
    path: "resumes-pdf/en_msword_accountant_pair.pdf",
    expect: completed("en"),
    reason: "Word export, two pages; same text as the DOCX twin",
    contains: ["Ebony Moore", "Certified Public Accountant"],
  },
  {
    path: "resumes-pdf/en_pdfshift_two-column_aws-devops.pdf",
    expect: completed("en"),
    reason: "HTML→PDF two-column resume with CID web fonts that carry Unicode maps",
    contains: ["CATHERINE STARK", "AWS DevOps Engineer"],
  },
  {
    path: "resumes-pdf/en_react-pdf_openresume.pdf",
    expect: completed("en"),
    reason: "react-pdf resume with a clean text layer",
    contains: ["WORK EXPERIENCE", "OpenResume"],
  },
  {
    path: "resumes-pdf/en_scanned-with-ocr-layer_devops.pdf",
    expect: completed("en"),
    reason: "a scan, but its invisible OCR layer is real text (with OCR errors), so it is analysed",
    contains: ["Employment History", "Site Reliability Engineer"],
  },
  {
    path: "resumes-pdf/en_typst_rendercv_classic.pdf",
    expect: completed("en"),
    reason: "Typst RenderCV resume; icon-font glyphs (Private Use Area) are dropped",
    contains: ["John Doe", "Experience"],
  },
  {
    path: "resumes-pdf/zh_latex_moderncv_template-zh.pdf",
    expect: completed("zh"),
    reason: "Chinese moderncv template with Chinese placeholders reads as a resume; fake-bold tripled glyphs (学学学位位位) collapse to 学位",
    contains: ["教育背景", "工作背景", "学位, 院校", "计算机技能"],
  },
  {
    path: "resumes-pdf/zh_typst_chicv-cn_lorem.pdf",
    expect: policy("not_a_resume"),
    reason: "unfilled template: Chinese headings but 86 % of the Latin words are lorem ipsum, nothing to analyse",
  },
  {
    path: "resumes-pdf/zh_typst_qianxi_cv.pdf",
    expect: completed("zh"),
    reason: "Chinese Typst resume with mixed English tech terms",
    contains: ["胡图图", "教育背景", "项目经历", "负责Kubernetes的网络部分"],
  },
  // ── resumes-docx ──
  {
    path: "resumes-docx/en_mac-word_synthetic_jane-smith.docx",
    expect: completed("en"),
    reason: "plain Word resume",
    contains: ["JANE SMITH", "Senior Data Scientist | DataCo | 2022 - Present"],
  },
  {
    path: "resumes-docx/en_msword_accountant_pair.docx",
    expect: completed("en"),
    reason: "Word resume; same text as the PDF twin",
    contains: ["Ebony Moore", "Certified Public Accountant"],
  },
  {
    path: "resumes-docx/zh_msword_template_with-image.docx",
    expect: completed("zh"),
    reason: "Chinese template with XX placeholders still reads as a resume (sections, contact, dates); tab-padded labels (性\\t别) are joined",
    contains: ["个人信息", "性别：男", "专业技能", "工作及教育经历"],
  },
  // ── resumes-txt-md ──
  {
    path: "resumes-txt-md/en_json-resume_sample.resume.json",
    expect: completed("en"),
    reason: "JSON Resume rendered as readable lines (name, summary, experience with highlights, skills, education)",
    contains: ["Richard Hendriks", "CEO/President, Pied Piper", "- Successfully won Techcrunch Disrupt"],
  },
  {
    path: "resumes-txt-md/en_pandoc_resume.md",
    expect: completed("en"),
    reason: "pandoc Markdown resume; setext headings and emphasis markers removed",
    contains: ["Johnny Coder", "PhD, Computer Science"],
  },
  { path: "resumes-txt-md/en_plain_sample_resume.txt", expect: completed("en"), reason: "plain-text resume", contains: ["John Smith", "Work Experience:"] },
  {
    path: "resumes-txt-md/zh_markdown_html-entities_template.md",
    expect: completed("zh"),
    reason: "Markdown template: `<center>` stripped, &emsp;/&ensp; column padding becomes one space, spaced labels (性 别) joined",
    contains: ["个人信息", "性别：男 年龄：25", "项目经历"],
  },
  {
    path: "resumes-txt-md/zh_markdown_java-template.md",
    expect: completed("zh"),
    reason: "Markdown resume template with advisor notes; a real resume structure (contact, experience, skills)",
    contains: ["联系方式", "个人信息", "技能清单"],
  },
  // ── edge-pdf ──
  {
    path: "edge-pdf/zero-bytes.pdf",
    expect: { http: 422 },
    reason: "empty file: the route answers 422 before detection (detectResumeKind returns null for empty input)",
  },
  { path: "edge-pdf/header-and-eof-only.pdf", expect: policy("corrupt"), reason: "%PDF header but no objects or xref: pdf.js cannot open it" },
  { path: "edge-pdf/encrypted-user-password-abc.pdf", expect: policy("encrypted"), reason: "needs a user password (pdf.js PasswordException)" },
  {
    path: "edge-pdf/encrypted-owner-only-no-copy.pdf",
    expect: policy("too_short"),
    reason:
      "owner-password-only PDF opens and is read normally, but its page holds no text (poppler's 15 chars come from a form button's appearance), no images either",
  },
  {
    path: "edge-pdf/broken-xref-missing-keyword.pdf",
    expect: policy("too_short"),
    reason: "pdf.js rebuilds the xref; the only text is 'Reduced test-case' (2 words)",
  },
  { path: "edge-pdf/scanned-image-only-no-text.pdf", expect: policy("no_text_layer"), reason: "a page image without any text layer" },
  {
    path: "edge-pdf/many-pages-117.pdf",
    expect: policy("not_a_resume"),
    reason: "117 pages > 30: refused after reading the page count only (German lecture notes)",
  },
  {
    path: "edge-pdf/pagecount-bomb-213M.pdf",
    expect: policy("corrupt"),
    reason: "page tree claims 213,804,087 pages, pdf.js finds one broken page: damaged, answered in milliseconds",
  },
  {
    path: "edge-pdf/chinese-gbk-nonembedded-font-mojibake.pdf",
    expect: policy("unreadable"),
    reason: "345 text-drawing operators yield no characters (non-embedded GBK fonts without a Unicode map; poppler gives Latin-1 mojibake)",
  },
  {
    path: "edge-pdf/cid-font-no-tounicode-garbled.pdf",
    expect: policy("unreadable"),
    reason: "CID font without ToUnicode extracts shifted garbage with control characters",
  },
  { path: "edge-pdf/arabic-rtl-cid-truetype.pdf", expect: policy("not_a_resume"), reason: "Arabic text: only English and Chinese resumes are supported" },
  // ── edge-docx ──
  { path: "edge-docx/tables-merged-cells.docx", expect: policy("too_short"), reason: "only the numbers 1–9 in tables: no words at all" },
  {
    path: "edge-docx/encrypted-password.docx",
    expect: { http: 415 },
    reason: "password-protected Word file is an OLE/CFB container, not a DOCX ZIP (unsupportedReason names the password)",
  },
  { path: "edge-docx/corrupt-word-lockfile-not-zip.docx", expect: { http: 415 }, reason: "Word lock file (~$…) saved as .docx: not a ZIP, not UTF-8 text" },
];
