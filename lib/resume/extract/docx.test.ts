import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { type Block, type Box, buildDocx, type DocSpec, type Storage } from "@/eval/builders/docx";
import { extractDocx } from "./docx";

/**
 * What a Word resume keeps outside mammoth's reach (docx.ts, docx-drawings.ts, smartart.ts):
 * each construct is written as Word writes it (eval/builders/docx.ts) between two marker
 * paragraphs, and its text must come out exactly once, in reading order.
 */

async function raw(spec: DocSpec): Promise<string> {
  const r = await extractDocx(await buildDocx(spec));
  if (!r.ok) throw new Error(`refused: ${r.code} ${r.message}`);
  return r.raw;
}

const count = (text: string, s: string) => text.split(s).length - 1;

/** Each of `lines` occurs once in `text`, in this order. */
function expectOnceInOrder(text: string, lines: string[]) {
  for (const l of lines) expect(count(text, l), `"${l}" occurrences`).toBe(1);
  const at = lines.map((l) => text.indexOf(l));
  expect(at).toEqual([...at].sort((a, b) => a - b));
}

const box = (x: number, y: number, ...paras: string[]): Box => ({ x, y, paras });
const p = (para: string): Block => ({ kind: "p", para });

describe("DOCX text boxes", () => {
  it.each<[Storage, string]>([
    ["choice", "DrawingML only, in mc:Choice with no mc:Fallback"],
    ["both", "DrawingML with a VML fallback (the text stored twice)"],
    ["vml", "VML only (w:pict)"],
    ["bare", "a w:drawing with no mc:AlternateContent"],
  ])("a text box stored as %s (%s) is read once, after its anchor paragraph", async (storage) => {
    const text = await raw({
      body: [
        p("Jane Doe, Data Engineer"),
        { kind: "boxes", anchor: "Experience", storage, boxes: [box(0, 0, "Skills: Python, Spark, Airflow", "Languages: English, German")] },
        p("Acme Corp, 2020 - Present"),
      ],
    });
    expectOnceInOrder(text, [
      "Jane Doe, Data Engineer",
      "Experience",
      "Skills: Python, Spark, Airflow",
      "Languages: English, German",
      "Acme Corp, 2020 - Present",
    ]);
  });

  it("a group of DrawingML-only boxes with a nested group: every box once, top to bottom", async () => {
    const text = await raw({
      body: [
        {
          kind: "boxes",
          anchor: "Profile",
          storage: "choice",
          boxes: [box(0, 3_000_000, "Contact: jane@example.com"), box(0, 0, "Jane Doe")],
          nested: [box(0, 6_000_000, "Skills: Go, Kubernetes"), box(2_500_000, 6_000_000, "Languages: French")],
        },
        p("Summary"),
      ],
    });
    expectOnceInOrder(text, ["Profile", "Jane Doe", "Contact: jane@example.com", "Skills: Go, Kubernetes", "Languages: French", "Summary"]);
  });

  it("a group with a VML fallback is read once (the fallback), not once per branch", async () => {
    const text = await raw({
      body: [{ kind: "boxes", anchor: "", storage: "both", boxes: [box(0, 0, "Left column text"), box(3_000_000, 0, "Right column text")] }],
    });
    expectOnceInOrder(text, ["Left column text", "Right column text"]);
  });

  it("floating boxes anchored in one paragraph read in page order (top to bottom), whatever order they are written in", async () => {
    const text = await raw({
      body: [
        {
          kind: "floats",
          anchor: "Anchor paragraph",
          items: [
            { storage: "choice", box: box(0, 4_000_000, "Sidebar: Skills, Go, Rust") },
            { storage: "vml", box: box(3_000_000, 9_000_000, "Footer band: references on request") },
            { storage: "both", box: box(0, 0, "Header band: Jane Doe, Platform Engineer") },
            { storage: "bare", box: box(3_000_000, 4_000_000, "Main column: Experience at Acme") },
          ],
        },
        p("Next paragraph"),
      ],
    });
    expectOnceInOrder(text, [
      "Anchor paragraph",
      "Header band: Jane Doe, Platform Engineer",
      "Sidebar: Skills, Go, Rust",
      "Main column: Experience at Acme",
      "Footer band: references on request",
      "Next paragraph",
    ]);
  });

  it("a Chinese DrawingML-only sidebar is read", async () => {
    const text = await raw({
      body: [{ kind: "boxes", anchor: "张三", storage: "choice", boxes: [box(0, 0, "专业技能：Java、Spring Boot、MySQL", "语言：英语六级")] }, p("工作经历")],
    });
    expectOnceInOrder(text, ["张三", "专业技能：Java、Spring Boot、MySQL", "语言：英语六级", "工作经历"]);
  });
});

describe("DOCX SmartArt", () => {
  it("reads the data part in outline order (parents before children, by srcOrd) and not the drawing part's copy", async () => {
    const text = await raw({
      body: [
        p("Core skills"),
        { kind: "smartart", items: [{ text: "Backend", children: ["Go", "PostgreSQL"] }, { text: "Cloud", children: ["AWS"] }, { text: "Leadership" }] },
        p("Education"),
      ],
    });
    expectOnceInOrder(text, ["Core skills", "Backend", "Go", "PostgreSQL", "Cloud", "AWS", "Leadership", "Education"]);
  });
});

describe("DOCX namespace prefixes", () => {
  it("a part that binds WordprocessingML and markup compatibility to other prefixes (ns0:, ns1:) is read the same", async () => {
    const spec: DocSpec = {
      body: [p("Jane Doe"), { kind: "boxes", anchor: "Experience", storage: "choice", boxes: [box(0, 0, "Skills: Python, Spark")] }, p("Acme Corp")],
    };
    const zip = await JSZip.loadAsync(await buildDocx(spec));
    const xml = await zip.file("word/document.xml")?.async("string");
    if (!xml) throw new Error("no document part");
    zip.file(
      "word/document.xml",
      xml
        .replace(/(<\/?)w:/g, "$1ns0:")
        .replace(/\bw:(\w+=)/g, "ns0:$1")
        .replace(/xmlns:w=/, "xmlns:ns0=")
        .replace(/(<\/?)mc:/g, "$1ns1:")
        .replace(/xmlns:mc=/, "xmlns:ns1=")
        .replace(/mc:Ignorable/, "ns1:Ignorable"),
    );
    const r = await extractDocx(await zip.generateAsync({ type: "uint8array" }));
    if (!r.ok) throw new Error(`refused: ${r.code}`);
    expectOnceInOrder(r.raw, ["Jane Doe", "Experience", "Skills: Python, Spark", "Acme Corp"]);
  });
});

describe("DOCX content controls", () => {
  it("block, run, table-row and table-cell content controls are read once, in place", async () => {
    const text = await raw({
      body: [
        p("Name"),
        { kind: "sdt", blocks: [p("Block control: Senior Analyst")] },
        { kind: "p", para: [{ text: "Phone: " }, { text: "+1 555 0100", sdt: true }, { text: " (mobile)" }] },
        {
          kind: "table",
          rows: [
            ["2019 - 2021", "Analyst, Foo Ltd"],
            ["2021 - 2024", "Row control: Lead, Bar Inc"],
            ["2024 - now", "Cell control: Head, Baz AG"],
          ],
          sdtRow: 1,
          sdtCell: [2, 1],
        },
        p("End"),
      ],
    });
    expectOnceInOrder(text, [
      "Name",
      "Block control: Senior Analyst",
      "Phone: +1 555 0100 (mobile)",
      "Analyst, Foo Ltd",
      "Row control: Lead, Bar Inc",
      "Cell control: Head, Baz AG",
      "End",
    ]);
  });
});

describe("DOCX headers and footers", () => {
  it("SmartArt in a header is found through the header's own relationships", async () => {
    const text = await raw({ header: [{ kind: "smartart", items: [{ text: "Jane Doe", children: ["jane@example.com"] }] }], body: [p("Experience")] });
    expectOnceInOrder(text, ["Jane Doe", "jane@example.com", "Experience"]);
  });

  it("a header's content control and DrawingML-only text box, and a footer's text box with fallback, are read once each", async () => {
    const text = await raw({
      header: [
        p("Jane Doe"),
        { kind: "sdt", blocks: [p("jane@example.com")] },
        { kind: "boxes", anchor: "", storage: "choice", boxes: [box(0, 0, "linkedin.com/in/janedoe")] },
      ],
      body: [p("Experience"), p("Acme Corp, 2020 - Present")],
      footer: [{ kind: "boxes", anchor: "", storage: "both", boxes: [box(0, 0, "References on request")] }],
    });
    expectOnceInOrder(text, ["Jane Doe", "jane@example.com", "linkedin.com/in/janedoe", "Experience", "Acme Corp, 2020 - Present", "References on request"]);
  });
});
