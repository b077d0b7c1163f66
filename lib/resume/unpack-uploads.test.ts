import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { unpackUploads } from "./service";

async function zipOf(count: number, tag: string): Promise<Buffer> {
  const zip = new JSZip();
  for (let i = 0; i < count; i++) zip.file(`${tag}-${i}.txt`, `Resume ${tag} ${i}`);
  return Buffer.from(await zip.generateAsync({ type: "uint8array", compression: "DEFLATE" }));
}

describe("unpackUploads", () => {
  it("gives the request one allowance: loose files and every archive share its 200 files", async () => {
    const out = await unpackUploads([
      { fileName: "loose.txt", bytes: Buffer.from("Jane Doe") },
      { fileName: "a.zip", bytes: await zipOf(150, "a") },
      { fileName: "b.zip", bytes: await zipOf(50, "b") },
    ]);
    expect(out.filter((f) => "bytes" in f)).toHaveLength(151);
    // b.zip would take the request past 200 files: refused as a whole, none of it inflated.
    expect(out.at(-1)).toEqual({ fileName: "b.zip", error: { code: "payload_too_large:upload", message: expect.any(String) } });
  });

  it("strips bidirectional overrides from file names", async () => {
    const [f] = await unpackUploads([{ fileName: "cv\u202Efdp.exe", bytes: Buffer.from("Jane Doe") }]);
    expect(f.fileName).toBe("cvfdp.exe");
  });
});
