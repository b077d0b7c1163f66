import { getDb } from "@/lib/db/client";
import { listResumesForOwner } from "@/lib/db/queries/resumes";
import { PanelistError } from "@/lib/errors";
import { createLogger } from "@/lib/log";
import { getRedis } from "@/lib/queue/redis";
import { acceptResumeUpload, MAX_RESUME_BYTES } from "@/lib/resume/service";
import { parseWith, withUser } from "../_lib/handler";
import { uploadFieldsSchema } from "./schema";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const log = createLogger("web");
/** Multipart framing and the job description ride on top of the file. */
const MAX_BODY_BYTES = MAX_RESUME_BYTES + 256 * 1024;

export const POST = withUser(async ({ req, user }) => {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new PanelistError("payload_too_large:upload", "The file is larger than 10 MB.");
  if (!(req.headers.get("content-type") ?? "").includes("multipart/form-data")) {
    throw new PanelistError("bad_request:upload", "Send the resume as multipart/form-data with a `file` field.");
  }
  let form: FormData;
  try {
    // Chunked bodies carry no Content-Length: count bytes as they arrive and stop at the cap,
    // so a client cannot make the web process buffer gigabytes.
    form = await new Response(capBody(req.body, MAX_BODY_BYTES), { headers: req.headers }).formData();
  } catch (err) {
    if (err instanceof PanelistError) throw err;
    throw new PanelistError("bad_request:upload", "The multipart body could not be read.");
  }
  const file = form.get("file");
  if (!(file instanceof File)) throw new PanelistError("unprocessable:upload", "Attach the resume as the `file` field.");
  const text = (name: string) => {
    const v = form.get(name);
    if (v instanceof File) throw new PanelistError("unprocessable:upload", `Send \`${name}\` as a text field, not a file.`, { issues: [{ path: name, message: "expected text" }] });
    return typeof v === "string" && v !== "" ? v : undefined;
  };
  const fields = parseWith(uploadFieldsSchema, { jobDescription: text("jobDescription"), callbackUrl: text("callbackUrl") });
  if (file.size > MAX_RESUME_BYTES) throw new PanelistError("payload_too_large:upload", "The file is larger than 10 MB.");

  const { resume, task, duplicate } = await acceptResumeUpload(
    { db: getDb(), redis: getRedis(), log },
    { ownerId: user.id, fileName: file.name, bytes: Buffer.from(await file.arrayBuffer()), jobDescription: fields.jobDescription ?? null, callbackUrl: fields.callbackUrl ?? null },
  );
  const body = { resumeId: resume.id, taskId: task.id, status: task.status, ...(duplicate ? { duplicate: true } : {}) };
  return Response.json(body, {
    status: duplicate ? 200 : 202,
    headers: { Location: `/api/tasks/${task.id}` },
  });
});

/** Passes a body through until `maxBytes`, then fails with 413. */
function capBody(body: ReadableStream<Uint8Array> | null, maxBytes: number): ReadableStream<Uint8Array> | null {
  if (!body) return null;
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) controller.error(new PanelistError("payload_too_large:upload", "The file is larger than 10 MB."));
        else controller.enqueue(chunk);
      },
    }),
  );
}

export const GET = withUser(async ({ user }) => {
  const rows = await listResumesForOwner(getDb(), { ownerId: user.id });
  return Response.json({
    items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  });
});
