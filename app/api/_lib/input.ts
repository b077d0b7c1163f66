import { type ZodType, z } from "zod";
import { type FieldIssue, PanelistError } from "@/lib/errors";
import { isUuid } from "@/lib/tasks/ids";

/**
 * Parses a value with a zod schema.
 * @throws {PanelistError} 422 `unprocessable:api` with the field paths of every issue.
 */
export function parseWith<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new PanelistError("unprocessable:api", "The request has invalid fields.", {
    issues: result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
  });
}

/**
 * C0 controls and DEL except the whitespace ones: tab, line feed, vertical tab, form feed and
 * carriage return (a job description copied out of a PDF carries form feeds at its page breaks;
 * the text pipeline treats them as whitespace). PostgreSQL refuses U+0000 in `text` and `jsonb`
 * (SQLSTATE 22P05/22021), and none of the others belongs in a name, a job description or an answer.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000e-\u001f\u007f]/;

/** A UTF-16 surrogate without its pair: JSON can carry one (`"\ud800"`), UTF-8 cannot store it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Deeper JSON than this is refused: no request body of ours nests past a few levels. */
const MAX_DEPTH = 32;

/**
 * Refuses any string inside `value` (objects and arrays walked, keys included) that holds a
 * control character or is not well-formed UTF-16 (a lone surrogate cannot be stored as UTF-8),
 * and any value nested deeper than {@link MAX_DEPTH}.
 * @param at the path prefix of `value` in the request (`""` for the body, `"query"`).
 * @throws {PanelistError} 422 `unprocessable:api` naming every offending field path.
 */
export function assertNoControlChars(value: unknown, at: string): void {
  const issues: FieldIssue[] = [];
  const badText = (t: string) => CONTROL_CHARS.test(t) || LONE_SURROGATE.test(t);
  const walk = (v: unknown, path: string[], depth: number) => {
    if (issues.length >= 20) return;
    if (depth > MAX_DEPTH) {
      issues.push({ path: path.join("."), message: `Nested deeper than ${MAX_DEPTH} levels.` });
      return;
    }
    if (typeof v === "string") {
      if (badText(v)) issues.push({ path: path.join("."), message: "Text may not contain control characters." });
    } else if (Array.isArray(v)) {
      for (const [i, item] of v.entries()) walk(item, [...path, String(i)], depth + 1);
    } else if (v && typeof v === "object") {
      for (const [k, item] of Object.entries(v)) {
        if (badText(k)) issues.push({ path: [...path, k].join("."), message: "Field names may not contain control characters." });
        walk(item, [...path, k], depth + 1);
      }
    }
  };
  walk(value, at ? [at] : [], 0);
  if (issues.length) throw new PanelistError("unprocessable:api", "The request has invalid fields.", { issues });
}

/**
 * Reads a JSON request body.
 * @param maxBytes larger bodies are refused, by `Content-Length` and while streaming (chunked).
 * @throws {PanelistError} 415 `unsupported_media_type:api` unless `Content-Type` is JSON
 *   (`application/json` or a `+json` type); 413 `payload_too_large:api` over `maxBytes`;
 *   400 `bad_request:api` when the bytes are not JSON.
 */
export async function readJsonBody(req: Request, maxBytes: number): Promise<unknown> {
  const type = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json" && !/^application\/[\w.+-]+\+json$/.test(type)) {
    throw new PanelistError("unsupported_media_type:api", "Send the body as application/json.");
  }
  if (Number(req.headers.get("content-length") ?? "0") > maxBytes) {
    throw new PanelistError("payload_too_large:api", `The body is larger than ${Math.round(maxBytes / 1024)} KB.`);
  }
  const text = await new Response(capBody(req.body, maxBytes, "payload_too_large:api")).text();
  try {
    return JSON.parse(text);
  } catch {
    throw new PanelistError("bad_request:api", "The body is not valid JSON.");
  }
}

/**
 * Passes a body stream through until `maxBytes`, then fails it with a 413 — a chunked body
 * carries no Content-Length, so the cap is counted as bytes arrive.
 */
export function capBody(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  code: "payload_too_large:api" | "payload_too_large:upload",
  message = `The body is larger than ${Math.round(maxBytes / 1024)} KB.`,
): ReadableStream<Uint8Array> | null {
  if (!body) return null;
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) controller.error(new PanelistError(code, message));
        else controller.enqueue(chunk);
      },
    }),
  );
}

/**
 * Reads a multipart body with a byte cap: `Content-Length` over `maxBytes` is refused before any
 * byte is read, and a chunked body (no Content-Length) is counted as it arrives and stopped at the
 * cap, so a client cannot make the web process buffer more (the upload routes are behind no proxy,
 * which would buffer the body itself: docs/architecture.md).
 * @throws {PanelistError} 413 `payload_too_large:upload` (with `tooLarge`); 400 `bad_request:upload`
 *   when the body is not readable multipart.
 */
export async function readMultipart(req: Request, maxBytes: number, tooLarge: string): Promise<FormData> {
  if (Number(req.headers.get("content-length") ?? "0") > maxBytes) throw new PanelistError("payload_too_large:upload", tooLarge);
  try {
    return await new Response(capBody(req.body, maxBytes, "payload_too_large:upload", tooLarge), { headers: req.headers }).formData();
  } catch (err) {
    if (err instanceof PanelistError) throw err;
    throw new PanelistError("bad_request:upload", "The multipart body could not be read.");
  }
}

/** `[id]` route params: a UUID (rows are keyed by `gen_random_uuid()`); anything else is a 404. */
export const idParams = z.object({ id: z.string().refine(isUuid) });
