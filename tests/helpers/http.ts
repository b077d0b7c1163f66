import { randomUUID } from "node:crypto";
import { getAuth } from "@/lib/auth/auth";

export const BASE = "http://localhost:3000";

/**
 * Signs up a fresh candidate through better-auth and returns the session cookie header,
 * so route handlers run with a real session.
 */
export async function signUpCandidate(): Promise<{ cookie: string; email: string; userId: string }> {
  const email = `cand-${randomUUID()}@example.test`;
  const res = await getAuth().api.signUpEmail({
    body: { email, password: "password-123456", name: "Candidate" },
    asResponse: true,
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const body = (await res.json()) as { user: { id: string } };
  return { cookie, email, userId: body.user.id };
}

/** Builds a multipart upload request for `POST /api/resumes`. */
export function uploadRequest(opts: { cookie?: string; bytes: Uint8Array; fileName: string; jobDescription?: string }): Request {
  const form = new FormData();
  form.set("file", new File([Buffer.from(opts.bytes)], opts.fileName));
  if (opts.jobDescription !== undefined) form.set("jobDescription", opts.jobDescription);
  return new Request(`${BASE}/api/resumes`, {
    method: "POST",
    body: form,
    headers: opts.cookie ? { cookie: opts.cookie } : {},
  });
}

export function get(path: string, cookie?: string): Request {
  return new Request(`${BASE}${path}`, { headers: cookie ? { cookie } : {} });
}

/** A JSON `POST` to `path`, with the session `cookie` when given. */
export function postJson(path: string, o: { cookie?: string; body: string }): Request {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(o.cookie ? { cookie: o.cookie } : {}) },
    body: o.body,
  });
}

/** The `data:` events of a UI message stream body (AI SDK 6: one JSON chunk per SSE event), parsed; the closing `[DONE]` as the string. */
export async function sseEvents(res: Response): Promise<(string | { type: string; delta?: string })[]> {
  return (await res.text())
    .split("\n")
    .filter((l) => l.startsWith("data: "))
    .map((l) => (l === "data: [DONE]" ? "[DONE]" : (JSON.parse(l.slice(6)) as { type: string; delta?: string })));
}

/** The `{ params }` argument Next passes to a dynamic route handler. */
export function params<P extends Record<string, string>>(p: P): { params: Promise<P> } {
  return { params: Promise.resolve(p) };
}

/**
 * Signs a registered user in through better-auth and returns the new session's cookie header —
 * a new session, so it picks up memberships created since sign-up (the active organisation is
 * chosen when a session is created).
 */
export async function signIn(email: string, password = "password-123456"): Promise<string> {
  const res = await getAuth().api.signInEmail({ body: { email, password }, asResponse: true });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
