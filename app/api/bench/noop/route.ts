import { randomUUID } from "node:crypto";
import { PanelistError } from "@/lib/errors";
import { methodNotAllowed } from "../../_lib/method-not-allowed";
import { route } from "../../_lib/route";
import { benchOnly } from "../_lib/bench-only";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * The baseline of bench/submit-latency.ts: what `POST /api/resumes` costs before Panelist does
 * anything — the same door (`route()`: origin, session, permission), the multipart body read in full — answering
 * 202 with a made-up task id. Exists only when the server runs with `PANELIST_BENCH_ROUTES=1`
 * (read per request: `next build` bakes nothing in); otherwise 404 before the session is read.
 */
const noop = route({
  permission: "resume:create",
  body: "multipart",
  // The same door as the upload's, request limits included.
  limit: "upload",
  handler: async ({ req }) => {
    let form: FormData;
    try {
      form = await new Response(req.body, { headers: req.headers }).formData();
    } catch {
      throw new PanelistError("bad_request:upload", "The multipart body could not be read.");
    }
    const file = form.get("file");
    if (!(file instanceof File)) throw new PanelistError("unprocessable:upload", "Attach the resume as the `file` field.");
    await file.arrayBuffer();
    return Response.json({ taskId: randomUUID(), status: "PENDING" }, { status: 202 });
  },
});

export const POST = benchOnly(noop);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = methodNotAllowed(["POST"]);
