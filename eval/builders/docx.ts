/**
 * A small writer of synthetic Word resumes for the extraction cases (`eval/README.md`) and the
 * extractor's tests (`lib/resume/extract/docx.test.ts`). A document is a list of blocks; each
 * construct a resume template uses is one block kind, written as Word writes it:
 * text boxes as DrawingML (`wps:txbx`) inside `mc:AlternateContent` with or without a VML
 * `mc:Fallback`, or VML only; groups (`wpg:wgp`, nested `wpg:grpSp`); SmartArt (`dgm:relIds`
 * plus its data part and the duplicate `drawing*.xml` rendering); content controls (`w:sdt`,
 * block, run, table row and cell); tables; headers and footers; two-column sections; hidden runs
 * (`w:vanish`, white text). `visibleLines` gives what a reader sees, one line per visible line.
 * The ZIP has fixed timestamps, so the same spec always gives the same bytes.
 */
import JSZip from "jszip";

/** A run of text; `sdt` wraps it in a run-level content control. */
export interface Run {
  text: string;
  bold?: boolean;
  /** `w:vanish`: not shown on the page. */
  vanish?: boolean;
  /** Hex colour (`FFFFFF` is white text on a white page: not visible). */
  color?: string;
  sdt?: boolean;
}
/** A paragraph: plain text, or runs (joined without spaces). */
export type Para = string | Run[];

/** One text box: its offset inside its group (or on the page), EMU, and its paragraphs. */
export interface Box {
  x: number;
  y: number;
  paras: Para[];
}

/**
 * How a text box or group is stored: `choice` DrawingML only in `mc:Choice`, `both` DrawingML
 * plus a VML fallback, `vml` VML only (`w:pict`), `bare` a `w:drawing` with no
 * `mc:AlternateContent` around it.
 */
export type Storage = "choice" | "both" | "vml" | "bare";

export type Block =
  | { kind: "p"; para: Para }
  | { kind: "table"; rows: Para[][]; sdtRow?: number; sdtCell?: [number, number] }
  | { kind: "sdt"; blocks: Block[] }
  /** A paragraph (`anchor`, may be empty) anchoring floating boxes; several boxes make a group. */
  | { kind: "boxes"; anchor: Para; storage: Storage; boxes: Box[]; nested?: Box[] }
  /** Several single floating boxes anchored in one paragraph, each at its page offset. */
  | { kind: "floats"; anchor: Para; items: { storage: Storage; box: Box }[] }
  /** SmartArt: top-level items with their children, in the outline's order. */
  | { kind: "smartart"; items: { text: string; children?: string[] }[] }
  /** Ends the first column of a two-column section. */
  | { kind: "columnBreak" };

export interface DocSpec {
  header?: Block[];
  footer?: Block[];
  body: Block[];
  /** Lay the body out in two columns (`w:cols w:num="2"`). */
  twoColumns?: boolean;
}

const NS = {
  w: "http://schemas.openxmlformats.org/wordprocessingml/2006/main",
  r: "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
  mc: "http://schemas.openxmlformats.org/markup-compatibility/2006",
  wp: "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing",
  a: "http://schemas.openxmlformats.org/drawingml/2006/main",
  wps: "http://schemas.microsoft.com/office/word/2010/wordprocessingShape",
  wpg: "http://schemas.microsoft.com/office/word/2010/wordprocessingGroup",
  v: "urn:schemas-microsoft-com:vml",
  dgm: "http://schemas.openxmlformats.org/drawingml/2006/diagram",
  dsp: "http://schemas.microsoft.com/office/drawing/2008/diagram",
};
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const runs = (p: Para): Run[] => (typeof p === "string" ? [{ text: p }] : p);

/** Builder state of one part: SmartArt graphics need relationships and parts of their own. */
class Part {
  smartArts: { items: { text: string; children?: string[] }[]; n: number }[] = [];
  nextId = 1;
  constructor(
    readonly name: string,
    readonly counter: { shapes: number; diagrams: number },
    /** VML-only docs (`vml` storage) need the VML namespace on the root; DrawingML-only ones need not. */
    readonly declaresVml: boolean,
  ) {}

  run(r: Run): string {
    const props = [r.bold ? "<w:b/>" : "", r.color ? `<w:color w:val="${r.color}"/>` : "", r.vanish ? "<w:vanish/>" : ""].join("");
    const xml = `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ""}<w:t xml:space="preserve">${esc(r.text)}</w:t></w:r>`;
    return r.sdt ? `<w:sdt><w:sdtPr><w:id w:val="${this.nextId++}"/></w:sdtPr><w:sdtContent>${xml}</w:sdtContent></w:sdt>` : xml;
  }

  para(p: Para, extra = ""): string {
    return `<w:p>${runs(p)
      .map((r) => this.run(r))
      .join("")}${extra}</w:p>`;
  }

  block(b: Block): string {
    switch (b.kind) {
      case "p":
        return this.para(b.para);
      case "sdt":
        return `<w:sdt><w:sdtPr><w:id w:val="${this.nextId++}"/><w:showingPlcHdr w:val="0"/></w:sdtPr><w:sdtContent>${b.blocks.map((x) => this.block(x)).join("")}</w:sdtContent></w:sdt>`;
      case "table":
        return this.table(b);
      case "boxes":
        return this.para(b.anchor, this.boxes(b));
      case "floats":
        return this.para(b.anchor, b.items.map((i) => this.boxes({ kind: "boxes", anchor: "", storage: i.storage, boxes: [i.box] })).join(""));
      case "smartart":
        return this.para("", this.smartArt(b.items));
      case "columnBreak":
        return `<w:p><w:r><w:br w:type="column"/></w:r></w:p>`;
    }
  }

  table(b: Extract<Block, { kind: "table" }>): string {
    const rows = b.rows.map((row, ri) => {
      const cells = row.map((cell, ci) => {
        const tc = `<w:tc><w:tcPr><w:tcW w:w="4500" w:type="dxa"/></w:tcPr>${this.para(cell)}</w:tc>`;
        return b.sdtCell?.[0] === ri && b.sdtCell[1] === ci ? `<w:sdt><w:sdtPr/><w:sdtContent>${tc}</w:sdtContent></w:sdt>` : tc;
      });
      const tr = `<w:tr>${cells.join("")}</w:tr>`;
      return b.sdtRow === ri ? `<w:sdt><w:sdtPr/><w:sdtContent>${tr}</w:sdtContent></w:sdt>` : tr;
    });
    const grid = b.rows[0].map(() => `<w:gridCol w:w="4500"/>`).join("");
    return `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tblGrid>${grid}</w:tblGrid>${rows.join("")}</w:tbl>`;
  }

  txbx(box: Box): string {
    return `<w:txbxContent>${box.paras.map((p) => this.para(p)).join("")}</w:txbxContent>`;
  }

  wsp(box: Box): string {
    return `<wps:wsp><wps:cNvPr id="${this.counter.shapes++}" name="Text Box"/><wps:cNvSpPr txBox="1"/><wps:spPr><a:xfrm><a:off x="${box.x}" y="${box.y}"/><a:ext cx="2000000" cy="1000000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></wps:spPr><wps:txbx>${this.txbx(box)}</wps:txbx><wps:bodyPr rot="0" vert="horz" wrap="square" lIns="91440" tIns="45720" rIns="91440" bIns="45720" anchor="t"><a:noAutofit/></wps:bodyPr></wps:wsp>`;
  }

  /** The DrawingML `w:drawing` of a box or group, anchored to the page at the first box's offset. */
  drawing(b: Extract<Block, { kind: "boxes" }>): string {
    const first = b.boxes[0];
    const id = this.counter.shapes++;
    const group = b.boxes.length > 1 || b.nested !== undefined;
    const xfrm = `<a:xfrm><a:off x="0" y="0"/><a:ext cx="6000000" cy="9000000"/><a:chOff x="0" y="0"/><a:chExt cx="6000000" cy="9000000"/></a:xfrm>`;
    const nested = b.nested ? `<wpg:grpSp><wpg:cNvGrpSpPr/><wpg:grpSpPr>${xfrm}</wpg:grpSpPr>${b.nested.map((x) => this.wsp(x)).join("")}</wpg:grpSp>` : "";
    const graphic = group
      ? `<a:graphicData uri="${NS.wpg}"><wpg:wgp><wpg:cNvGrpSpPr/><wpg:grpSpPr>${xfrm}</wpg:grpSpPr>${b.boxes.map((x) => this.wsp(x)).join("")}${nested}</wpg:wgp></a:graphicData>`
      : `<a:graphicData uri="${NS.wps}">${this.wsp(first)}</a:graphicData>`;
    return `<w:drawing><wp:anchor distT="0" distB="0" distL="114300" distR="114300" simplePos="0" relativeHeight="${id}" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1"><wp:simplePos x="0" y="0"/><wp:positionH relativeFrom="page"><wp:posOffset>${first.x}</wp:posOffset></wp:positionH><wp:positionV relativeFrom="page"><wp:posOffset>${first.y}</wp:posOffset></wp:positionV><wp:extent cx="2000000" cy="1000000"/><wp:effectExtent l="0" t="0" r="0" b="0"/><wp:wrapSquare wrapText="bothSides"/><wp:docPr id="${id}" name="Shape ${id}"/><wp:cNvGraphicFramePr/><a:graphic xmlns:a="${NS.a}">${graphic}</a:graphic></wp:anchor></w:drawing>`;
  }

  /** The VML rendering Word writes as the fallback (`v:group` of `v:shape` text boxes). */
  vml(b: Extract<Block, { kind: "boxes" }>): string {
    const shape = (box: Box) =>
      `<v:shape id="Text Box ${this.counter.shapes++}" type="#_x0000_t202" style="position:absolute;left:${box.x / 12700}pt;top:${box.y / 12700}pt;width:157pt;height:79pt"><v:textbox>${this.txbx(box)}</v:textbox></v:shape>`;
    const all = [...b.boxes, ...(b.nested ?? [])];
    const inner =
      all.length > 1
        ? `<v:group style="position:absolute;width:472pt;height:708pt" coordsize="6000000,9000000">${all.map(shape).join("")}</v:group>`
        : shape(all[0]);
    return `<w:pict>${inner}</w:pict>`;
  }

  boxes(b: Extract<Block, { kind: "boxes" }>): string {
    const requires = b.boxes.length > 1 || b.nested ? "wpg" : "wps";
    switch (b.storage) {
      case "choice":
        return `<w:r><mc:AlternateContent><mc:Choice Requires="${requires}">${this.drawing(b)}</mc:Choice></mc:AlternateContent></w:r>`;
      case "both":
        return `<w:r><mc:AlternateContent><mc:Choice Requires="${requires}">${this.drawing(b)}</mc:Choice><mc:Fallback>${this.vml(b)}</mc:Fallback></mc:AlternateContent></w:r>`;
      case "vml":
        return `<w:r>${this.vml(b)}</w:r>`;
      case "bare":
        return `<w:r>${this.drawing(b)}</w:r>`;
    }
  }

  smartArt(items: { text: string; children?: string[] }[]): string {
    const n = ++this.counter.diagrams;
    this.smartArts.push({ items, n });
    return `<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="5486400" cy="3200400"/><wp:docPr id="${this.counter.shapes++}" name="Diagram ${n}"/><wp:cNvGraphicFramePr/><a:graphic xmlns:a="${NS.a}"><a:graphicData uri="${NS.dgm}"><dgm:relIds xmlns:dgm="${NS.dgm}" r:dm="rIdDm${n}" r:lo="rIdLo${n}" r:qs="rIdQs${n}" r:cs="rIdCs${n}"/></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`;
  }

  root(tag: "document" | "hdr" | "ftr", inner: string): string {
    const decl = Object.entries(NS)
      .filter(([p]) => p !== "v" || this.declaresVml)
      .filter(([p]) => p !== "dsp" && p !== "dgm")
      .map(([p, uri]) => `xmlns:${p}="${uri}"`)
      .join(" ");
    return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:${tag} ${decl} mc:Ignorable="wp14">${inner}</w:${tag}>`;
  }
}

const uses = (blocks: Block[] | undefined, storage: Storage): boolean =>
  (blocks ?? []).some(
    (b) =>
      (b.kind === "boxes" && (b.storage === storage || b.storage === "both")) ||
      (b.kind === "floats" && b.items.some((i) => i.storage === storage || i.storage === "both")) ||
      (b.kind === "sdt" && uses(b.blocks, storage)),
  );

/**
 * SmartArt data part. The points are written children first and with presentation and
 * transition points between them, so an extractor that reads `dgm:ptLst` in order (instead of
 * following the connections) reads the outline out of order.
 */
function diagramData(items: { text: string; children?: string[] }[]): string {
  const pts: string[] = [];
  const cxns: string[] = [];
  const text = (s: string) => `<dgm:t><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="en-US"/><a:t>${esc(s)}</a:t></a:r></a:p></dgm:t>`;
  let k = 0;
  const id = () => `{00000000-0000-0000-0000-${String(++k).padStart(12, "0")}}`;
  const doc = id();
  const nodes: string[] = [];
  items.forEach((item, i) => {
    const itemId = id();
    (item.children ?? []).forEach((child, j) => {
      const childId = id();
      nodes.push(`<dgm:pt modelId="${childId}">${text(child)}</dgm:pt>`);
      cxns.push(`<dgm:cxn modelId="${id()}" srcId="${itemId}" destId="${childId}" srcOrd="${j}" destOrd="0"/>`);
    });
    nodes.push(`<dgm:pt modelId="${itemId}">${text(item.text)}</dgm:pt>`);
    nodes.push(`<dgm:pt modelId="${id()}" type="pres"><dgm:prSet presName="node"/><dgm:spPr/></dgm:pt>`);
    nodes.push(
      `<dgm:pt modelId="${id()}" type="sibTrans"><dgm:prSet/><dgm:spPr/><dgm:t><a:bodyPr/><a:lstStyle/><a:p><a:endParaRPr lang="en-US"/></a:p></dgm:t></dgm:pt>`,
    );
    cxns.push(`<dgm:cxn modelId="${id()}" srcId="${doc}" destId="${itemId}" srcOrd="${i}" destOrd="0"/>`);
  });
  pts.push(
    ...nodes.reverse(),
    `<dgm:pt modelId="${doc}" type="doc"><dgm:prSet/><dgm:spPr/><dgm:t><a:bodyPr/><a:lstStyle/><a:p><a:endParaRPr lang="en-US"/></a:p></dgm:t></dgm:pt>`,
  );
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<dgm:dataModel xmlns:dgm="${NS.dgm}" xmlns:a="${NS.a}"><dgm:ptLst>${pts.join("")}</dgm:ptLst><dgm:cxnLst>${cxns.join("")}</dgm:cxnLst><dgm:bg/><dgm:whole/></dgm:dataModel>`;
}

/** The rendering Word stores beside the data (the same text again, as shapes). */
function diagramDrawing(items: { text: string; children?: string[] }[]): string {
  const all = items.flatMap((i) => [i.text, ...(i.children ?? [])]);
  const shapes = all
    .map((t, i) => `<dsp:sp modelId="{D${i}}"><dsp:txBody><a:bodyPr/><a:p><a:r><a:t>${esc(t)}</a:t></a:r></a:p></dsp:txBody></dsp:sp>`)
    .join("");
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<dsp:drawing xmlns:dsp="${NS.dsp}" xmlns:a="${NS.a}" xmlns:dgm="${NS.dgm}"><dsp:spTree>${shapes}</dsp:spTree></dsp:drawing>`;
}

const FIXED_DATE = new Date(Date.UTC(2026, 0, 1, 0, 0, 0));

/** The DOCX bytes of `spec` (DEFLATE, every entry dated 2026-01-01 00:00 UTC). */
export async function buildDocx(spec: DocSpec): Promise<Uint8Array> {
  const counter = { shapes: 1, diagrams: 0 };
  const vml = uses(spec.body, "vml") || uses(spec.header, "vml") || uses(spec.footer, "vml") || uses(spec.body, "both");
  const files = new Map<string, string>();
  const contentTypes: string[] = [];
  const docRels: string[] = [
    `<Relationship Id="rIdStyles" Type="${REL}/styles" Target="styles.xml"/>`,
    `<Relationship Id="rIdSettings" Type="${REL}/settings" Target="settings.xml"/>`,
  ];
  const writePart = (part: Part, tag: "document" | "hdr" | "ftr", blocks: Block[], tail = "") => {
    const inner = tag === "document" ? `<w:body>${blocks.map((b) => part.block(b)).join("")}${tail}</w:body>` : blocks.map((b) => part.block(b)).join("");
    files.set(part.name, part.root(tag, inner));
    const rels: string[] = [];
    for (const { items, n } of part.smartArts) {
      files.set(`word/diagrams/data${n}.xml`, diagramData(items));
      files.set(`word/diagrams/drawing${n}.xml`, diagramDrawing(items));
      files.set(
        `word/diagrams/layout${n}.xml`,
        `<?xml version="1.0" encoding="UTF-8"?>\n<dgm:layoutDef xmlns:dgm="${NS.dgm}" uniqueId="urn:microsoft.com/office/officeart/2005/8/layout/vList2"/>`,
      );
      files.set(
        `word/diagrams/quickStyle${n}.xml`,
        `<?xml version="1.0" encoding="UTF-8"?>\n<dgm:styleDef xmlns:dgm="${NS.dgm}" uniqueId="urn:microsoft.com/office/officeart/2005/8/quickstyle/simple1"/>`,
      );
      files.set(
        `word/diagrams/colors${n}.xml`,
        `<?xml version="1.0" encoding="UTF-8"?>\n<dgm:colorsDef xmlns:dgm="${NS.dgm}" uniqueId="urn:microsoft.com/office/officeart/2005/8/colors/accent1_2"/>`,
      );
      const dgmRel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/diagram";
      rels.push(
        `<Relationship Id="rIdDm${n}" Type="${dgmRel}Data" Target="diagrams/data${n}.xml"/>`,
        `<Relationship Id="rIdLo${n}" Type="${dgmRel}Layout" Target="diagrams/layout${n}.xml"/>`,
        `<Relationship Id="rIdQs${n}" Type="${dgmRel}QuickStyle" Target="diagrams/quickStyle${n}.xml"/>`,
        `<Relationship Id="rIdCs${n}" Type="${dgmRel}Colors" Target="diagrams/colors${n}.xml"/>`,
        `<Relationship Id="rIdDd${n}" Type="http://schemas.microsoft.com/office/2007/relationships/diagramDrawing" Target="diagrams/drawing${n}.xml"/>`,
      );
      const ct = "application/vnd.openxmlformats-officedocument.drawingml.diagram";
      contentTypes.push(
        `<Override PartName="/word/diagrams/data${n}.xml" ContentType="${ct}Data+xml"/>`,
        `<Override PartName="/word/diagrams/layout${n}.xml" ContentType="${ct}Layout+xml"/>`,
        `<Override PartName="/word/diagrams/quickStyle${n}.xml" ContentType="${ct}Style+xml"/>`,
        `<Override PartName="/word/diagrams/colors${n}.xml" ContentType="${ct}Colors+xml"/>`,
        `<Override PartName="/word/diagrams/drawing${n}.xml" ContentType="application/vnd.ms-office.drawingml.diagramDrawing+xml"/>`,
      );
    }
    return rels;
  };

  let sectRefs = "";
  for (const [kind, blocks] of [
    ["header", spec.header],
    ["footer", spec.footer],
  ] as const) {
    if (!blocks) continue;
    const name = `word/${kind}1.xml`;
    const rels = writePart(new Part(name, counter, vml), kind === "header" ? "hdr" : "ftr", blocks);
    if (rels.length > 0) files.set(`word/_rels/${kind}1.xml.rels`, relsXml(rels));
    docRels.push(`<Relationship Id="rId${kind}" Type="${REL}/${kind}" Target="${kind}1.xml"/>`);
    contentTypes.push(`<Override PartName="/${name}" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.${kind}+xml"/>`);
    sectRefs += `<w:${kind}Reference w:type="default" r:id="rId${kind}"/>`;
  }
  const cols = spec.twoColumns ? `<w:cols w:num="2" w:space="720"/>` : `<w:cols w:space="720"/>`;
  const sectPr = `<w:sectPr>${sectRefs}<w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/>${cols}</w:sectPr>`;
  docRels.push(...writePart(new Part("word/document.xml", counter, vml), "document", spec.body, sectPr));

  files.set("word/_rels/document.xml.rels", relsXml(docRels));
  files.set(
    "word/styles.xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:styles xmlns:w="${NS.w}"><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:eastAsia="SimSun" w:hAnsi="Calibri"/><w:sz w:val="22"/></w:rPr></w:rPrDefault></w:docDefaults><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style></w:styles>`,
  );
  files.set(
    "word/settings.xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:settings xmlns:w="${NS.w}"><w:defaultTabStop w:val="720"/></w:settings>`,
  );
  files.set(
    "docProps/app.xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>panelist eval/builders</Application><Pages>1</Pages></Properties>`,
  );
  files.set(
    "_rels/.rels",
    relsXml([
      `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/>`,
      `<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/>`,
    ]),
  );
  const wml = "application/vnd.openxmlformats-officedocument.wordprocessingml";
  files.set(
    "[Content_Types].xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="${wml}.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="${wml}.styles+xml"/><Override PartName="/word/settings.xml" ContentType="${wml}.settings+xml"/><Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>${contentTypes.join("")}</Types>`,
  );

  const zip = new JSZip();
  const order = ["[Content_Types].xml", "_rels/.rels", ...[...files.keys()].filter((n) => n !== "[Content_Types].xml" && n !== "_rels/.rels").sort()];
  for (const name of order) zip.file(name, files.get(name) as string, { date: FIXED_DATE, createFolders: false });
  return zip.generateAsync({ type: "uint8array", compression: "DEFLATE", compressionOptions: { level: 6 }, platform: "DOS" });
}

function relsXml(rels: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join("")}</Relationships>`;
}

const visibleText = (p: Para) =>
  runs(p)
    .filter((r) => !r.vanish && r.color?.toUpperCase() !== "FFFFFF")
    .map((r) => r.text)
    .join("");

function blockLines(b: Block): string[] {
  switch (b.kind) {
    case "p":
      return [visibleText(b.para)];
    case "sdt":
      return b.blocks.flatMap(blockLines);
    case "table":
      return b.rows.map((row) => row.map(visibleText).join("\t"));
    case "boxes": {
      // On the page, boxes read top to bottom, then left to right.
      const all = [...b.boxes, ...(b.nested ?? [])].sort((p, q) => p.y - q.y || p.x - q.x);
      return [visibleText(b.anchor), ...all.flatMap((box) => box.paras.map(visibleText))];
    }
    case "floats":
      return [visibleText(b.anchor), ...[...b.items].sort((p, q) => p.box.y - q.box.y || p.box.x - q.box.x).flatMap((i) => i.box.paras.map(visibleText))];
    case "smartart":
      return b.items.flatMap((i) => [i.text, ...(i.children ?? [])]);
    case "columnBreak":
      return [];
  }
}

/**
 * What a reader sees on the page, one line per visible line: header, body, footer; a table row
 * is one line with its cells separated by tabs; a floating box's lines follow the paragraph that
 * anchors it; hidden runs (`w:vanish`, white text) are left out.
 */
export function visibleLines(spec: DocSpec): string[] {
  return [...(spec.header ?? []), ...spec.body, ...(spec.footer ?? [])].flatMap(blockLines).filter((l) => l.trim() !== "");
}
