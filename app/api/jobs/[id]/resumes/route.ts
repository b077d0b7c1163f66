import { getDb } from "@/lib/db/client";
import { PanelistError } from "@/lib/errors";
import { acceptBatchUpload, MAX_BATCH_BYTES, MAX_BATCH_FILES } from "@/lib/jobs/service";
import { toBatchUploadBody } from "@/lib/jobs/view";
import { createLogger } from "@/lib/log";
import { getRedis } from "@/lib/queue/redis";
import { chargeUnits } from "@/lib/ratelimit/request-limits";
import { idParams, readMultipart } from "../../../_lib/input";
import { methodNotAllowed } from "../../../_lib/method-not-allowed";
import { route } from "../../../_lib/route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const log = createLogger("web");
/** Multipart framing of 200 parts rides on top of the files. */
const MAX_BODY_BYTES = MAX_BATCH_BYTES + 1024 * 1024;
const TOO_LARGE = "A bulk upload is at most 100 MB.";

/**
 * A bulk upload onto a job (multipart: one or more `files`, or one ZIP of them): 202
 * `{batchId, items}` + `Location: /api/batches/{id}`, each file a resume of the organisation with
 * its analysis task on the batch lane, or its own refusal; 422 with the same body when every file
 * was refused. The body cap is enforced from `Content-Length` and while streaming (`readMultipart`,
 * as for the single upload).
 */
export const POST = route({
  permission: "job:update",
  params: idParams,
  notFound: "not_found:job",
  body: "multipart",
  limit: "bulk_upload",
  handler: async ({ req, actor, scope, params, limit }) => {
    const form = await readMultipart(req, MAX_BODY_BYTES, TOO_LARGE);
    const parts = form.getAll("files");
    if (parts.length === 0 || parts.some((p) => !(p instanceof File))) {
      throw new PanelistError("unprocessable:upload", "Attach the resumes (or one ZIP of them) as `files` fields.", {
        issues: [{ path: "files", message: "expected one or more files" }],
      });
    }
    if (parts.length > MAX_BATCH_FILES) throw new PanelistError("payload_too_large:upload", `Send at most ${MAX_BATCH_FILES} files at once.`);
    const files = await Promise.all((parts as File[]).map(async (f) => ({ fileName: f.name, bytes: Buffer.from(await f.arrayBuffer()) })));

    const upload = await acceptBatchUpload(
      { db: getDb(), redis: getRedis(), log },
      {
        organizationId: scope.organizationId,
        uploaderId: actor.user.id,
        jobId: params.id,
        files,
        // One request at the door; its unpacked files and bytes against the organisation's daily allowance, before anything is written.
        chargeAllowance: async (received) => void (await chargeUnits(limit, received)),
      },
    );
    return Response.json(toBatchUploadBody(upload), {
      status: upload.accepted > 0 ? 202 : 422,
      headers: { Location: `/api/batches/${upload.batchId}` },
    });
  },
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = methodNotAllowed(["POST"]);
