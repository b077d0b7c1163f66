import { getAuth } from "@/lib/auth/auth";
import { PanelistError, toErrorResponse } from "@/lib/errors";
import { assertNoControlChars, capBody } from "../../_lib/input";
import { methodNotAllowed } from "../../_lib/method-not-allowed";

export const dynamic = "force-dynamic";

/** No sign-in, profile or organisation body of better-auth's comes near this. */
const MAX_AUTH_BODY_BYTES = 64 * 1024;

/**
 * better-auth's own door: sign-up/in/out, sessions, and the organization and admin plugins'
 * endpoints, which check the permission map themselves (lib/auth/permissions.ts) and the origin
 * against the same trusted list. In front of it, the input rules every route of ours has: a body
 * over 64 KiB is 413, a JSON body with control characters or nested past 32 levels is 422 —
 * before better-auth hands it to PostgreSQL (which refuses U+0000 with a 500).
 */
export const GET = (req: Request) => getAuth().handler(req);

export async function POST(req: Request): Promise<Response> {
  try {
    if (Number(req.headers.get("content-length") ?? "0") > MAX_AUTH_BODY_BYTES) {
      throw new PanelistError("payload_too_large:api", "The body is larger than 64 KB.");
    }
    const text = await new Response(capBody(req.body, MAX_AUTH_BODY_BYTES, "payload_too_large:api")).text();
    if ((req.headers.get("content-type") ?? "").toLowerCase().includes("json") && text) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined; // better-auth answers malformed JSON itself
      }
      assertNoControlChars(parsed, "");
    }
    return await getAuth().handler(new Request(req.url, { method: "POST", headers: req.headers, body: text || undefined }));
  } catch (err) {
    return toErrorResponse(err);
  }
}

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "POST"]);
