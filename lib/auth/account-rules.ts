import { APIError } from "better-auth/api";

/** Longest display name of a person or an organisation, characters. */
export const MAX_NAME_CHARS = 100;
/** Organisation slugs: lower-case letters, digits and single hyphens, as in a URL path segment. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SLUG_CHARS = 64;

/**
 * Checks a display name before better-auth stores it (sign-up, profile update, organisation
 * create/update): 1–{@link MAX_NAME_CHARS} characters once trimmed. Control characters never get
 * this far — the auth route refuses them like every other route (app/api/auth/[...all]/route.ts).
 * @returns the trimmed name.
 * @throws {APIError} 400 `{code: "INVALID_NAME", message}` naming the rule (better-auth's error shape, with a code like its own).
 */
export function checkName(name: unknown, what: "name" | "organization name"): string {
  const trimmed = typeof name === "string" ? name.trim() : "";
  if (trimmed.length === 0 || trimmed.length > MAX_NAME_CHARS) {
    throw new APIError("BAD_REQUEST", { code: "INVALID_NAME", message: `The ${what} must be 1 to ${MAX_NAME_CHARS} characters.` });
  }
  return trimmed;
}

/**
 * Checks an organisation slug (`demo-recruiting`).
 * @throws {APIError} 400 `{code: "INVALID_SLUG", message}`.
 */
export function checkSlug(slug: unknown): string {
  if (typeof slug !== "string" || slug.length > MAX_SLUG_CHARS || !SLUG.test(slug)) {
    throw new APIError("BAD_REQUEST", {
      code: "INVALID_SLUG",
      message: `The slug must be lower-case letters, digits and hyphens, at most ${MAX_SLUG_CHARS} characters.`,
    });
  }
  return slug;
}
