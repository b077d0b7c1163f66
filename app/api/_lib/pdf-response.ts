import { attachmentDisposition } from "@/lib/reports/file-name";

/**
 * A PDF download: `application/pdf`, `Content-Disposition: attachment` with the name in ASCII and
 * in UTF-8 (lib/reports/file-name.ts), and `Cache-Control: private, no-store` — a report is one
 * person's data, and a withdrawn share must not live on in a cache.
 */
export function pdfResponse(bytes: Uint8Array, fileName: string): Response {
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": attachmentDisposition(fileName),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
