import { browserFetch } from "./api";
import { expect, test } from "./fixtures";

/** The first bytes of a real PNG (signature + IHDR), enough for any type sniffer. */
const PNG_BYTES = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a5e30000000049454e44ae426082",
  "hex",
);

test("a PNG renamed .pdf is refused with a clear message, in the browser and by the server", async ({ candidatePage }) => {
  await candidatePage.goto();
  await candidatePage.choose({ name: "photo.pdf", mimeType: "application/pdf", buffer: PNG_BYTES });
  await expect(candidatePage.uploadError).toBeVisible();
  await expect(candidatePage.uploadError).toContainText("not a PDF");
  await expect(candidatePage.submit).toBeDisabled();
  await expect(candidatePage.page).toHaveURL(/\/resumes$/);

  // The server refuses it too: the type comes from the bytes, not the name.
  const res = await browserFetch(candidatePage.page, "/api/resumes", {
    method: "POST",
    file: { name: "photo.pdf", type: "application/pdf", base64: PNG_BYTES.toString("base64") },
  });
  expect(res.status).toBe(415);
  expect(res.body).toEqual(expect.objectContaining({ code: "unsupported_media_type:upload" }));
});

test("an empty file and an unsupported extension are refused before upload", async ({ candidatePage }) => {
  await candidatePage.goto();
  await candidatePage.choose({ name: "empty.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(0) });
  await expect(candidatePage.uploadError).toContainText("empty");
  await candidatePage.choose({ name: "resume.doc", mimeType: "application/msword", buffer: Buffer.from("hello") });
  await expect(candidatePage.uploadError).toContainText("not supported");
});

test("a file over 10 MB is refused before upload", async ({ candidatePage }) => {
  await candidatePage.goto();
  const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
  big.write("%PDF-1.7\n", 0);
  await candidatePage.choose({ name: "huge.pdf", mimeType: "application/pdf", buffer: big });
  await expect(candidatePage.uploadError).toContainText("larger than 10 MB");
  await expect(candidatePage.submit).toBeDisabled();
});
