import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { isArchive, MAX_ARCHIVE_FILES, newUnpackBudget, unpackArchive } from "./archive";
import { DOCX_MEDIA_TYPE } from "./detect-type";

const TEN_MB = 10 * 1024 * 1024;

async function zipOf(entries: Record<string, Uint8Array | string>, compression: "DEFLATE" | "STORE" = "DEFLATE"): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [name, bytes] of Object.entries(entries)) zip.file(name, bytes);
  return zip.generateAsync({ type: "uint8array", compression });
}

/** Rewrites every central-directory entry's declared uncompressed size (a lying directory). */
function declareSize(bytes: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(bytes);
  const view = new DataView(out.buffer);
  for (let i = 0; i + 46 <= out.length; i++) if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, size, true);
  return out;
}

describe("unpackArchive", () => {
  it("unpacks files by their last path segment and skips folders, macOS forks and hidden files", async () => {
    const r = unpackArchive(await zipOf({ "a/cv.txt": "Jane Doe", "a/b/cv2.md": "# John", "__MACOSX/a/._cv.txt": "x", ".DS_Store": "x" }), TEN_MB);
    expect(r.ok && r.entries.map((e) => e.fileName)).toEqual(["cv.txt", "cv2.md"]);
  });

  it("reads `./` as the archive's root and refuses, never drops, a path that climbs out of it", async () => {
    const r = unpackArchive(await zipOf({ "./resumes/a.txt": "Jane Doe", "../../x.txt": "x", "..\\..\\win.txt": "w", "./.hidden": "h" }), TEN_MB);
    expect(r.ok && r.entries.map((e) => [e.fileName, "refusal" in e ? e.refusal.code : "ok"])).toEqual([
      ["a.txt", "ok"],
      ["x.txt", "unprocessable:upload"],
      ["win.txt", "unprocessable:upload"],
    ]);
  });

  it("archives of one request share one allowance of files and unpacked bytes", async () => {
    const budget = newUnpackBudget();
    const hundred = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`r${i}.txt`, `resume ${i}`]));
    expect(unpackArchive(await zipOf(hundred), TEN_MB, budget).ok).toBe(true);
    expect(unpackArchive(await zipOf(hundred), TEN_MB, budget).ok).toBe(true);
    expect(budget.files).toBe(0);
    // A third archive of the same request finds the allowance used up: refused before anything is inflated.
    expect(unpackArchive(await zipOf({ "one.txt": "Jane Doe" }), TEN_MB, budget)).toEqual({
      ok: false,
      refusal: { code: "payload_too_large:upload", message: expect.any(String) },
    });
    const bytes = { files: 10, bytes: 5 * 1024 * 1024 };
    const big = await zipOf({ "a.txt": new Uint8Array(3 * 1024 * 1024).fill(0x61), "b.txt": new Uint8Array(3 * 1024 * 1024).fill(0x62) }, "STORE");
    const r = unpackArchive(declareSize(big, 10), TEN_MB, bytes);
    // The directory lied (10 bytes each); the inflater's cap is what is left of the request's bytes.
    expect(r.ok && r.entries.map((e) => [e.fileName, "refusal" in e ? e.refusal.code : "ok"])).toEqual([
      ["a.txt", "ok"],
      ["b.txt", "unprocessable:upload"],
    ]);
  });

  it("refuses an archive of more than 200 files as a whole", async () => {
    const entries = Object.fromEntries(Array.from({ length: MAX_ARCHIVE_FILES + 1 }, (_, i) => [`r${i}.txt`, `resume ${i}`]));
    expect(unpackArchive(await zipOf(entries), TEN_MB)).toEqual({ ok: false, refusal: { code: "payload_too_large:upload", message: expect.any(String) } });
  });

  it("an entry whose directory understates its size is cut at the cap and refused alone", async () => {
    const lying = declareSize(await zipOf({ "big.txt": new Uint8Array(TEN_MB + 1024).fill(0x61), "ok.txt": "Jane Doe" }), 100);
    const r = unpackArchive(lying, TEN_MB);
    expect(r.ok && r.entries.map((e) => [e.fileName, "refusal" in e ? e.refusal.code : "ok"])).toEqual([
      ["big.txt", "unprocessable:upload"],
      ["ok.txt", "ok"],
    ]);
  });

  it("refuses an over-compressed entry as a bomb and a stored nested ZIP as an archive; keeps a DOCX", async () => {
    const docx = await zipOf({ "word/document.xml": "<w:document/>", "[Content_Types].xml": "<Types/>" });
    const r = unpackArchive(
      await zipOf({ "bomb.txt": new Uint8Array(2 * 1024 * 1024).fill(0x61), "inner.bin": await zipOf({ "x.txt": "x" }), "cv.docx": docx }),
      TEN_MB,
    );
    expect(r.ok && r.entries.map((e) => [e.fileName, "refusal" in e ? e.refusal.code : "ok"])).toEqual([
      ["bomb.txt", "unprocessable:upload"],
      ["inner.bin", "unsupported_media_type:upload"],
      ["cv.docx", "ok"],
    ]);
  });

  it("a damaged ZIP is refused as a whole; a DOCX is no archive", async () => {
    const zip = await zipOf({ "a.txt": "a" });
    expect(unpackArchive(zip.subarray(0, zip.length - 10), TEN_MB)).toMatchObject({ ok: false, refusal: { code: "unprocessable:upload" } });
    expect(isArchive(zip, null)).toBe(true);
    expect(isArchive(zip, DOCX_MEDIA_TYPE)).toBe(false);
    expect(isArchive(new TextEncoder().encode("Jane Doe"), "text/plain")).toBe(false);
  });
});
