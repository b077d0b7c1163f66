import { describe, expect, it } from "vitest";
import { extractDocx } from "./docx";
import { makeDocx, SAMPLE_RESUME_EN } from "./test-helpers";

/**
 * Hostile or odd Word files (docx.ts, docx-drawings.ts, docx-part-text.ts): each is built to
 * defeat one guard, and must come back refused with the size message or read in full. The sizes
 * are those at which the unguarded code took many seconds or gigabytes; no timing is asserted.
 */

const NS = [
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"',
  'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"',
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"',
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"',
  'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"',
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"',
  'xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram"',
  'xmlns:v="urn:schemas-microsoft-com:vml"',
].join(" ");
const P = (t: string) => `<w:p><w:r><w:t xml:space="preserve">${t}</w:t></w:r></w:p>`;
const resume = SAMPLE_RESUME_EN.map((l) => P(l.replace(/&/g, "&amp;"))).join("");
const doc = (body: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${NS}><w:body>${body}</w:body></w:document>`;
const textBox = (inner: string) =>
  `<wps:wsp><wps:spPr><a:xfrm><a:off x="0" y="0"/></a:xfrm></wps:spPr><wps:txbx><w:txbxContent>${inner}</w:txbxContent></wps:txbx><wps:bodyPr/></wps:wsp>`;
const inlineDrawing = (graphic: string) =>
  `<w:r><w:drawing><wp:inline><a:graphic><a:graphicData>${graphic}</a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`;
const TOO_LARGE = "This Word file unpacks to far more data than a resume could contain, so it was not read.";

async function read(bytes: Uint8Array): Promise<string> {
  const r = await extractDocx(bytes);
  if (!r.ok) throw new Error(`refused: ${r.code} ${r.message}`);
  return r.raw;
}

const withHeader = (header: string) =>
  makeDocx(
    [],
    [
      { name: "word/document.xml", data: doc(resume) },
      { name: "word/header1.xml", data: `<w:hdr ${NS}>${header}</w:hdr>` },
    ],
  );

describe("DOCX amplification", () => {
  it("one SmartArt data part referenced by hundreds of drawings is refused as too large, not pasted hundreds of times", async () => {
    const points = Array.from(
      { length: 2000 },
      (_, i) =>
        `<dgm:pt modelId="${i + 1}"><dgm:t><a:p><a:r><a:t>Skill item number ${i} with some long descriptive words padding padding padding</a:t></a:r></a:p></dgm:t></dgm:pt>`,
    ).join("");
    const data = `<dgm:dataModel ${NS}><dgm:ptLst>${points}</dgm:ptLst></dgm:dataModel>`;
    const rels = `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rD" Target="diagrams/data1.xml"/></Relationships>`;
    const reference = `<w:p>${inlineDrawing('<dgm:relIds r:dm="rD"/>')}</w:p>`;
    const bytes = makeDocx(
      [],
      [
        { name: "word/document.xml", data: doc(resume + reference.repeat(400)) },
        { name: "word/_rels/document.xml.rels", data: rels },
        { name: "word/diagrams/data1.xml", data },
      ],
    );
    const r = await extractDocx(bytes);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.code).toBe("not_a_resume");
      expect(r.message).toBe(TOO_LARGE);
    }
  });

  it("a SmartArt referenced twice is still read at both places", async () => {
    const data = `<dgm:dataModel ${NS}><dgm:ptLst><dgm:pt modelId="1"><dgm:t><a:p><a:r><a:t>SMARTITEM</a:t></a:r></a:p></dgm:t></dgm:pt></dgm:ptLst></dgm:dataModel>`;
    const rels = `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rD" Target="diagrams/data1.xml"/></Relationships>`;
    const reference = `<w:p>${inlineDrawing('<dgm:relIds r:dm="rD"/>')}</w:p>`;
    const text = await read(
      makeDocx(
        [],
        [
          { name: "word/document.xml", data: doc(resume + reference + P("BETWEEN") + reference) },
          { name: "word/_rels/document.xml.rels", data: rels },
          { name: "word/diagrams/data1.xml", data },
        ],
      ),
    );
    expect(text.split("SMARTITEM").length - 1).toBe(2);
  });
});

describe("DOCX headers: linear reads", () => {
  it("a header of 60 000 unclosed <w:pPr> is read (no text from it), the body intact", async () => {
    const text = await read(withHeader("<w:pPr>".repeat(60_000)));
    expect(text).toContain(SAMPLE_RESUME_EN[0]);
    expect(text).not.toContain("pPr");
  });

  it("a header of 40 000 distinct paragraphs keeps every one, once", async () => {
    const n = 40_000;
    const text = await read(withHeader(Array.from({ length: n }, (_, i) => P(`h${i}x`)).join("") + P("h0x")));
    const lines = text.split("\n").filter((l) => /^h\d+x$/.test(l));
    expect(lines).toHaveLength(n);
    expect(new Set(lines).size).toBe(n);
  });

  it("CDATA in a header run is read as text, markup characters and all", async () => {
    const text = await read(withHeader("<w:p><w:r><w:t><![CDATA[Call me > now <maybe> & later]]></w:t></w:r></w:p>"));
    expect(text.split("\n")).toContain("Call me > now <maybe> & later");
  });
});

describe("DOCX drawings: edge cases", () => {
  it("a fallback whose only w:t is blank does not hide the choice's text box", async () => {
    const fallback = `<w:pict><v:shape><v:textbox><w:txbxContent>${P(" ")}</w:txbxContent></v:textbox></v:shape></w:pict>`;
    const choice = `<w:drawing><wp:inline><a:graphic><a:graphicData>${textBox(P("CHOICETXT"))}</a:graphicData></a:graphic></wp:inline></w:drawing>`;
    const body = `<w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps">${choice}</mc:Choice><mc:Fallback>${fallback}</mc:Fallback></mc:AlternateContent></w:r></w:p>`;
    const text = await read(makeDocx([], [{ name: "word/document.xml", data: doc(resume + body) }]));
    expect(text.split("CHOICETXT").length - 1).toBe(1);
  });

  it("a text box in a part whose default namespace is WordprocessingML (no w: prefix) is read", async () => {
    const body = `${resume}<w:p>${inlineDrawing(textBox(P("DEFNSBOX")))}</w:p>`.replace(/<(\/?)w:/g, "<$1");
    const ns = NS.replace('xmlns:w="', 'xmlns="');
    const text = await read(makeDocx([], [{ name: "word/document.xml", data: `<?xml version="1.0"?><document ${ns}><body>${body}</body></document>` }]));
    expect(text).toContain(SAMPLE_RESUME_EN[0]);
    expect(text.split("DEFNSBOX").length - 1).toBe(1);
  });
});
