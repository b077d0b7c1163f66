import { getDb } from "@/lib/db/client";
import { listResumesForOwner } from "@/lib/db/queries/resumes";
import { PanelistError } from "@/lib/errors";
import { openJobDescription } from "@/lib/jobs/service";
import { createLogger } from "@/lib/log";
import { getRedis } from "@/lib/queue/redis";
import { chargeUnits } from "@/lib/ratelimit/request-limits";
import { acceptResumeUpload, MAX_RESUME_BYTES } from "@/lib/resume/service";
import { toResumeListBody } from "@/lib/resume/view";
import { assertNoControlChars, parseWith, readMultipart } from "../_lib/input";
import { methodNotAllowed } from "../_lib/method-not-allowed";
import { route } from "../_lib/route";
import { uploadFieldsSchema } from "./schema";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const log = createLogger("web");
/** Multipart framing and the job description ride on top of the file. */
const MAX_BODY_BYTES = MAX_RESUME_BYTES + 256 * 1024;

/**
 * Accepts one resume (multipart `file`, optional `jobDescription` or `jobId` of an open job whose
 * description is used, `callbackUrl`): 202 with the task, or 200 `duplicate: true` for the same
 * bytes and job description again (docs/architecture.md). An unknown job is 404, a closed one 409.
 */
export const POST = route({
  permission: "resume:create",
  body: "multipart",
  limit: "upload",
  handler: async ({ req, scope, limit }) => {
    const form = await readMultipart(req, MAX_BODY_BYTES, "The file is larger than 10 MB.");
    const file = form.get("file");
    if (!(file instanceof File)) throw new PanelistError("unprocessable:upload", "Attach the resume as the `file` field.");
    const text = (name: string) => {
      const v = form.get(name);
      if (v instanceof File)
        throw new PanelistError("unprocessable:upload", `Send \`${name}\` as a text field, not a file.`, {
          issues: [{ path: name, message: "expected text" }],
        });
      return typeof v === "string" && v !== "" ? v : undefined;
    };
    const rawFields = { jobDescription: text("jobDescription"), jobId: text("jobId"), callbackUrl: text("callbackUrl") };
    assertNoControlChars(rawFields, "");
    const fields = parseWith(uploadFieldsSchema, rawFields);
    if (file.size > MAX_RESUME_BYTES) throw new PanelistError("payload_too_large:upload", "The file is larger than 10 MB.");

    const db = getDb();
    const jobDescription = fields.jobId ? await openJobDescription(db, { jobId: fields.jobId }) : (fields.jobDescription ?? null);
    // The door counted the request; the bytes are charged as read, before anything is stored, and
    // given back when nothing new is (a refused file, a duplicate) (docs/request-limits.md).
    const bytesCharge = await chargeUnits(limit, { bytes: file.size });
    const { resume, task, duplicate } = await acceptResumeUpload(
      { db, redis: getRedis(), log },
      {
        ownerId: scope.ownerId,
        fileName: file.name,
        bytes: Buffer.from(await file.arrayBuffer()),
        jobDescription,
        callbackUrl: fields.callbackUrl ?? null,
      },
    ).catch(async (err: unknown) => {
      await bytesCharge.refund();
      throw err;
    });
    if (duplicate) await bytesCharge.refund();
    const body = { resumeId: resume.id, taskId: task.id, status: task.status, ...(duplicate ? { duplicate: true } : {}) };
    return Response.json(body, {
      status: duplicate ? 200 : 202,
      headers: { Location: `/api/tasks/${task.id}` },
    });
  },
});

/** The caller's latest 100 resumes, newest first, summarised. */
export const GET = route({
  permission: "resume:read",
  handler: async ({ scope }) => {
    return Response.json(toResumeListBody(await listResumesForOwner(getDb(), scope)));
  },
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "POST"]);
