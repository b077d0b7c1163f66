import { toApiError } from "../tasks/api";
import type { UploadAccepted } from "./api";

/** The server's limit (`MAX_RESUME_BYTES`, lib/resume/service.ts): larger files answer 413. */
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_MB = MAX_UPLOAD_BYTES / (1024 * 1024);
/** File name endings the server accepts (it decides the real type from the bytes). */
const ACCEPTED_EXTENSIONS = ["pdf", "docx", "txt", "md", "markdown", "json"] as const;
export const ACCEPT_ATTRIBUTE = [
  ".pdf",
  ".docx",
  ".txt",
  ".md",
  ".markdown",
  ".json",
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "text/plain",
  "text/markdown",
  "application/json",
].join(",");

/** Why a file is refused before it is sent; each maps to `upload.errors.<reason>`. */
export type ClientRejection = "empty" | "tooLarge" | "badType" | "notPdf" | "notDocx" | "notText";

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

function indexOfBytes(haystack: Uint8Array, needle: number[]): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-", within the first 1024 bytes (PDF 1.7 §7.5.2 tolerance)
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]; // "PK\3\4": a DOCX is a ZIP container

/**
 * Checks a file the way the server will, so the common mistakes get an instant, clear
 * message: size (0 < size ≤ 10 MB), name ending, and the first bytes (a PDF must start with
 * `%PDF-`, a DOCX with a ZIP header, a text file must hold no NUL bytes). The server still
 * decides; this only saves a round trip.
 */
export async function checkUploadFile(file: File): Promise<ClientRejection | null> {
  if (file.size === 0) return "empty";
  if (file.size > MAX_UPLOAD_BYTES) return "tooLarge";
  const ext = extensionOf(file.name);
  if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(ext)) return "badType";
  const head = new Uint8Array(await file.slice(0, 1024).arrayBuffer());
  if (ext === "pdf") return indexOfBytes(head, PDF_MAGIC) >= 0 ? null : "notPdf";
  if (ext === "docx") return indexOfBytes(head.subarray(0, 4), ZIP_MAGIC) === 0 ? null : "notDocx";
  return head.includes(0) ? "notText" : null;
}

/**
 * `POST /api/resumes` through XMLHttpRequest, because fetch cannot report upload progress.
 * `onProgress` gets 0–1 of the bytes sent. Resolves with the 202/200 body; rejects with an
 * {@link ApiError} carrying the server's `{code, message}` (status 0 for a network failure).
 */
export function uploadResume(
  input: { file: File; jobDescription?: string },
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadAccepted> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append("file", input.file, input.file.name);
    const jd = input.jobDescription?.trim();
    if (jd) form.append("jobDescription", jd);

    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/resumes");
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.upload.onload = () => onProgress(1);
    xhr.onload = () => {
      if (xhr.status === 200 || xhr.status === 202) {
        try {
          resolve(JSON.parse(xhr.responseText) as UploadAccepted);
        } catch {
          reject(toApiError(xhr.status, xhr.responseText, { get: (name) => xhr.getResponseHeader(name) }));
        }
      } else {
        reject(toApiError(xhr.status, xhr.responseText, { get: (name) => xhr.getResponseHeader(name) }));
      }
    };
    xhr.onerror = () => reject(toApiError(0, ""));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
