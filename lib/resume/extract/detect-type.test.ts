import { describe, expect, it } from "vitest";
import { DOCX_MEDIA_TYPE, detectResumeKind, unsupportedReason } from "./detect-type";
import { makeDocx, makeZip } from "./test-helpers";

const enc = (s: string) => new TextEncoder().encode(s);
const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
function cfb(streamName?: string): Uint8Array {
  const b = new Uint8Array(4096);
  b.set(CFB_MAGIC);
  if (streamName) for (let i = 0; i < streamName.length; i++) b[1024 + i * 2] = streamName.charCodeAt(i);
  return b;
}

describe("detectResumeKind", () => {
  it("PDF by magic number, also after leading junk within the first KiB", async () => {
    expect(await detectResumeKind(enc("%PDF-1.7\n1 0 obj"))).toEqual({ kind: "pdf", mediaType: "application/pdf" });
    expect((await detectResumeKind(enc(`${"x".repeat(500)}%PDF-1.4\n`)))?.kind).toBe("pdf");
    expect((await detectResumeKind(enc(`${"x".repeat(2000)}%PDF-1.4\n`)))?.kind).toBe("text"); // too far in: just text
  });

  it("DOCX only when the ZIP is a Word document", async () => {
    expect(await detectResumeKind(makeDocx(["Jane Doe"]))).toEqual({ kind: "docx", mediaType: DOCX_MEDIA_TYPE });
    expect(await detectResumeKind(makeZip([{ name: "notes.txt", data: "hello" }]))).toBeNull();
  });

  it("OLE/CFB (encrypted .docx, legacy .doc) is unsupported, with a precise reason", async () => {
    expect(await detectResumeKind(cfb("EncryptedPackage"))).toBeNull();
    expect(unsupportedReason(cfb("EncryptedPackage"))).toMatch(/password-protected/);
    expect(unsupportedReason(cfb("WordDocument"))).toMatch(/old-format/);
  });

  it("images and binary garbage are unsupported", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(await detectResumeKind(png)).toBeNull();
    expect(unsupportedReason(png)).toMatch(/Images/);
    expect(await detectResumeKind(new Uint8Array([0x15, 0x4d, 0x69, 0x63, 0, 0, 0x93, 0x34, 0xed]))).toBeNull();
  });

  it("empty input → null (the route answers 422 before asking)", async () => {
    expect(await detectResumeKind(new Uint8Array(0))).toBeNull();
  });

  it("UTF-8 text: plain, Markdown and JSON, whatever the first bytes look like", async () => {
    expect(await detectResumeKind(enc("John Smith\nSenior Engineer\n- Led things"))).toEqual({ kind: "text", mediaType: "text/plain; charset=utf-8" });
    expect((await detectResumeKind(enc("## 个人信息\n* 性 别：男")))?.mediaType).toBe("text/markdown; charset=utf-8");
    expect((await detectResumeKind(enc(" <center>\n<h1>XXX</h1></center>")))?.mediaType).toBe("text/markdown; charset=utf-8");
    expect((await detectResumeKind(enc('{"basics":{"name":"R"}}')))?.mediaType).toBe("application/json; charset=utf-8");
    // file-type reads "ID3" as an MP3 header; valid UTF-8 text wins.
    expect((await detectResumeKind(enc("ID3 is my project name")))?.kind).toBe("text");
    expect((await detectResumeKind(new Uint8Array([0xef, 0xbb, 0xbf, ...enc("BOM text")])))?.kind).toBe("text");
  });

  it("UTF-16 with a byte-order mark is text", async () => {
    const le = new Uint8Array([0xff, 0xfe, ...Array.from("Jane Doe 简历").flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8])]);
    expect(await detectResumeKind(le)).toEqual({ kind: "text", mediaType: "text/plain; charset=utf-16le" });
  });

  it("invalid UTF-8 (Latin-1 or GBK bytes), NUL bytes and control-character soup are unsupported", async () => {
    expect(await detectResumeKind(new Uint8Array([0x52, 0xe9, 0x73, 0x75, 0x6d, 0xe9]))).toBeNull(); // "Résumé" in Latin-1
    expect(await detectResumeKind(new Uint8Array([0xd5, 0xc5, 0xc8, 0xfd]))).toBeNull(); // 张三 in GBK
    expect(await detectResumeKind(enc("Jane\u0000Doe"))).toBeNull();
    expect(await detectResumeKind(enc("\u0001\u0002\u0003\u0004 abc"))).toBeNull();
  });

  it("text formats we cannot read (RTF, XML, PostScript) are unsupported", async () => {
    expect(await detectResumeKind(enc("{\\rtf1\\ansi Jane Doe}"))).toBeNull();
    expect(await detectResumeKind(enc('<?xml version="1.0"?><resume/>'))).toBeNull();
    expect(await detectResumeKind(enc("%!PS-Adobe-3.0\n"))).toBeNull();
  });

  it("throws only on programmer error", async () => {
    await expect(detectResumeKind("not bytes" as unknown as Uint8Array)).rejects.toThrow(TypeError);
  });
});
