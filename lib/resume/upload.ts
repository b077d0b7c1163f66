import { createHash } from "node:crypto";
import type Redis from "ioredis";
import type { Db } from "@/lib/db/client";
import { createResumeUpload } from "@/lib/db/queries/resumes";
import { PanelistError } from "@/lib/errors";
import type { Logger } from "@/lib/log";
import { publishTask } from "@/lib/queue/producer";
import { detectResumeKind, unsupportedReason } from "./extract/detect-type";

/** 10 MiB, issue #2. */
export const MAX_RESUME_BYTES = 10 * 1024 * 1024;
/** A job description longer than this is not a job description. */
export const MAX_JOB_DESCRIPTION_CHARS = 50_000;

/** Whitespace-normalised job description; empty → null. */
export function normalizeJobDescription(jd: string | null | undefined): string | null {
  const n = (jd ?? "").replace(/\s+/g, " ").trim();
  return n.length > 0 ? n : null;
}

/** SHA-256 hex of bytes. */
export function sha256Hex(bytes: Uint8Array | string): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * Accepts one uploaded resume: checks size and type from the bytes, writes file + resume +
 * task in one transaction, then XADDs (a failed XADD is logged; the relay publishes later).
 *
 * @throws {PanelistError} 422 `unprocessable:upload` empty file; 413 `payload_too_large:upload`
 *   over {@link MAX_RESUME_BYTES}; 415 `unsupported_media_type:upload` not PDF/DOCX/UTF-8 text.
 */
export async function acceptResumeUpload(
  deps: { db: Db; redis: Redis; log: Logger },
  u: {
    ownerId: string;
    fileName: string;
    bytes: Buffer;
    jobDescription: string | null;
    lane?: "interactive" | "batch";
    /** Already checked by lib/webhooks/url-policy; applies to a new task only (a duplicate keeps its own). */
    callbackUrl?: string | null;
  },
) {
  if (u.bytes.length === 0) throw new PanelistError("unprocessable:upload", "The file is empty.");
  if (u.bytes.length > MAX_RESUME_BYTES) {
    throw new PanelistError("payload_too_large:upload", "The file is larger than 10 MB.");
  }
  const detected = await detectResumeKind(u.bytes);
  if (!detected) {
    // The precise reason when the bytes tell one (password-protected .docx, old .doc, an image…).
    throw new PanelistError("unsupported_media_type:upload", unsupportedReason(u.bytes));
  }
  const jobDescription = u.jobDescription?.trim() ? u.jobDescription.trim() : null;
  const sha256 = sha256Hex(u.bytes);
  const dedupeKey = sha256Hex(`${sha256}\n${normalizeJobDescription(jobDescription) ?? ""}`);
  const { resume, task, duplicate } = await createResumeUpload(deps.db, {
    ownerId: u.ownerId,
    fileName: sanitizeFileName(u.fileName),
    mediaType: detected.mediaType,
    kind: detected.kind,
    bytes: u.bytes,
    sha256,
    dedupeKey,
    jobDescription,
    lane: u.lane ?? "interactive",
    callbackUrl: u.callbackUrl ?? null,
  });
  if (!duplicate) {
    await publishTask(deps.redis, deps.db, task).catch((err) =>
      deps.log.warn({ err: String(err), taskId: task.id }, "XADD failed; the relay will publish the task"),
    );
  }
  return { resume, task, duplicate };
}

function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "resume";
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 200);
  return clean || "resume";
}
