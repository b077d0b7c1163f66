/** Test helpers: build small ZIP/DOCX/PDF files in memory (no fixtures on disk). */
import { deflateRawSync } from "node:zlib";

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

interface ZipInput {
  name: string;
  data: Uint8Array | string;
  /** Claim this uncompressed size in the headers instead of the real one (a lying zip bomb). */
  claimedSize?: number;
}

/** A deflate ZIP with the given entries. */
export function makeZip(entries: ZipInput[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const raw = typeof e.data === "string" ? Buffer.from(e.data, "utf8") : Buffer.from(e.data);
    const comp = deflateRawSync(raw, { level: 1 });
    const name = Buffer.from(e.name, "utf8");
    const size = e.claimedSize ?? raw.length;
    const crc = crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(comp.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, comp);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(comp.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + comp.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, cd, eocd]));
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

function xmlEscape(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** WordprocessingML body with one paragraph per line. */
export function documentXml(lines: string[]): string {
  const body = lines.map((l) => `<w:p><w:r><w:t xml:space="preserve">${xmlEscape(l)}</w:t></w:r></w:p>`).join("");
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;
}

/** A minimal DOCX that mammoth and file-type accept; `extra` adds or replaces parts. */
export function makeDocx(lines: string[], extra: ZipInput[] = []): Uint8Array {
  const parts: ZipInput[] = [
    { name: "[Content_Types].xml", data: CONTENT_TYPES },
    { name: "_rels/.rels", data: RELS },
    { name: "word/document.xml", data: documentXml(lines) },
  ];
  for (const e of extra) {
    const i = parts.findIndex((p) => p.name === e.name);
    if (i >= 0) parts[i] = e;
    else parts.push(e);
  }
  return makeZip(parts);
}

/** A resume that passes every check, in English. */
export const SAMPLE_RESUME_EN = [
  "Jane Doe",
  "jane.doe@example.com | (555) 123-4567 | github.com/janedoe",
  "Summary",
  "Backend engineer with six years of experience building payment systems in Go and Python.",
  "Experience",
  "Senior Software Engineer, Acme Corp, Jan 2020 – Present",
  "- Led a team of five engineers that rebuilt the billing pipeline and cut failures by 40%.",
  "- Designed the event-sourcing layer used by twelve internal services.",
  "Software Engineer, Initech, 2017 – 2019",
  "- Built the reporting API serving two million requests a day.",
  "Education",
  "B.S. Computer Science, State University, 2013 – 2017",
  "Skills",
  "Go, Python, PostgreSQL, Redis, Kafka, Kubernetes, AWS",
];

/** The same in Chinese. */
export const SAMPLE_RESUME_ZH = [
  "张三",
  "电话：138-0000-0000 | 邮箱：zhangsan@example.com",
  "教育背景",
  "北京大学 计算机科学与技术 本科 2014.09 - 2018.06",
  "工作经历",
  "某某科技有限公司 后端开发工程师 2018.07 - 至今",
  "- 负责支付系统的设计与开发，日均处理订单一百万笔",
  "- 主导数据库迁移项目，查询延迟降低百分之四十",
  "项目经历",
  "分布式任务调度平台 2020.03 - 2021.05",
  "- 使用 Go 和 Redis 实现任务分发与重试机制",
  "专业技能",
  "熟悉 Go、Python、MySQL、Redis、Kafka，了解 Kubernetes 与云原生技术",
];

/**
 * A one-page PDF (US Letter) drawing `lines` top to bottom in Helvetica, written out by hand.
 * Each line may carry its own operators before `Tj` (`before`, default black fill and rendering
 * mode 0: e.g. `1 1 1 rg` white, `3 Tr` invisible), a font size and a position.
 */
export function makePdf(lines: { text: string; before?: string; size?: number; x?: number; y?: number }[]): Uint8Array {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  let y = 760;
  const body = lines
    .map((l) => {
      y -= 18;
      return `q BT ${l.before ?? "0 g 0 Tr"} /F1 ${l.size ?? 11} Tf ${l.x ?? 56} ${l.y ?? y} Td (${esc(l.text)}) Tj ET Q`;
    })
    .join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${Buffer.byteLength(body, "latin1")} >>\nstream\n${body}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, "latin1"));
}
