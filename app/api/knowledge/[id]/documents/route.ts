import { getDb } from "@/lib/db/client";
import { PanelistError } from "@/lib/errors";
import { knowledgeActor, MAX_KB_FILES, MAX_KB_REQUEST_BYTES, uploadDocuments } from "@/lib/knowledge";
import { createLogger } from "@/lib/log";
import { getRedis } from "@/lib/queue/redis";
import { chargeUnits } from "@/lib/ratelimit/request-limits";
import { idParams, readMultipart } from "../../../_lib/input";
import { methodNotAllowed } from "../../../_lib/method-not-allowed";
import { route } from "../../../_lib/route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const log = createLogger("web");
/** Multipart framing of 50 parts rides on top of the files. */
const MAX_BODY_BYTES = MAX_KB_REQUEST_BYTES + 1024 * 1024;
const TOO_LARGE = "An upload is at most 100 MB; send large documents a few at a time.";

/**
 * Uploads documents into a knowledge base (multipart: 1–50 `files`): 202 `{batchId, items}`, each
 * file a document with its `kb.vectorize` task (an identical file already there: its document,
 * `duplicate: true`), or its own refusal `{fileName, error: {code, message}}`; 422 with the same body
 * when every file was refused. The body cap is enforced from `Content-Length` and while streaming.
 */
export const POST = route({
  permission: "knowledge:update",
  params: idParams,
  notFound: "not_found:knowledge",
  body: "multipart",
  limit: "upload",
  handler: async ({ req, actor, params, limit }) => {
    const form = await readMultipart(req, MAX_BODY_BYTES, TOO_LARGE);
    const parts = form.getAll("files");
    if (parts.length === 0 || parts.some((p) => !(p instanceof File))) {
      throw new PanelistError("unprocessable:upload", "Attach the documents as `files` fields.", {
        issues: [{ path: "files", message: "expected one or more files" }],
      });
    }
    if (parts.length > MAX_KB_FILES) throw new PanelistError("payload_too_large:upload", `Send at most ${MAX_KB_FILES} files at once.`);
    const files = await Promise.all((parts as File[]).map(async (f) => ({ fileName: f.name, bytes: Buffer.from(await f.arrayBuffer()) })));
    // The door counted the request; the bytes are charged before anything is stored, and given back when nothing new is.
    const bytesCharge = await chargeUnits(limit, { bytes: files.reduce((n, f) => n + f.bytes.length, 0) });
    const upload = await uploadDocuments({ db: getDb(), redis: getRedis(), log }, await knowledgeActor(actor), { knowledgeBaseId: params.id, files }).catch(
      async (err: unknown) => {
        await bytesCharge.refund();
        throw err;
      },
    );
    if (upload.accepted === 0) await bytesCharge.refund();
    return Response.json({ batchId: upload.batchId, items: upload.items }, { status: upload.accepted > 0 ? 202 : 422 });
  },
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = methodNotAllowed(["POST"]);
