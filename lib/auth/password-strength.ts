/**
 * New passwords must be hard to guess, not only 8 characters long (docs/security.md, "Sign-in").
 *
 * The estimate is zxcvbn's (Wheeler, "zxcvbn: Low-Budget Password Strength Estimation", USENIX
 * Security 2016), in its TypeScript port zxcvbn-ts with its offline dictionaries: the common
 * passwords list, English words, names and Wikipedia terms, keyboard patterns, dates and
 * sequences, plus the person's own e-mail address and name ("jane.doe123" for jane.doe@…).
 * NIST SP 800-63B §3.1.1.2 asks for exactly this: compare a new password with commonly used,
 * expected or compromised values and refuse it when it matches.
 *
 * A password scoring below {@link MIN_PASSWORD_SCORE} (3) is refused. zxcvbn's scores are bands of
 * estimated guesses: 2 is under 10^8 guesses ("protection from unthrottled online attacks"), 3 is
 * under 10^10 ("moderate protection from an offline slow-hash scenario"). Online guessing is
 * already throttled (lib/auth/sign-in-throttle.ts), so 3 is for the day the password hashes leak:
 * 10^8 scrypt guesses is hours of one GPU, 10^10 months.
 *
 * The dictionaries are about 9 MB of JavaScript: loaded on the first password checked (a sign-up,
 * a password change), never by a process that only serves pages and reads.
 */
import { APIError } from "better-auth/api";

/** The lowest zxcvbn score (0–4) a new password may have. */
export const MIN_PASSWORD_SCORE = 3;

/** zxcvbn's verdict on one password. */
export interface PasswordStrength {
  /** 0 (guessed in under 10^3 tries) … 4 (10^10 or more). */
  score: number;
  /** Why it is weak, in zxcvbn's English ("This is a commonly used password."), or null. */
  warning: string | null;
  /** How to make it stronger. */
  suggestions: string[];
}

type Checker = (password: string, userInputs: string[]) => PasswordStrength;
let checker: Promise<Checker> | undefined;

/** zxcvbn with the common and English dictionaries, built once per process on first use. */
function loadChecker(): Promise<Checker> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-en"),
    ]);
    const zxcvbn = new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
    });
    return (password: string, userInputs: string[]): PasswordStrength => {
      const r = zxcvbn.check(password, userInputs);
      return { score: r.score, warning: r.feedback.warning || null, suggestions: r.feedback.suggestions };
    };
  })().catch((err: unknown) => {
    checker = undefined; // a failed load is tried again by the next call
    throw err;
  });
  return checker;
}

/**
 * What a guesser would try first about this person: the e-mail address, its
 * local part (without a `+tag`, without digits) and its parts split at dots, dashes and the like,
 * the domain's first label, the name and its words.
 */
export function personalInputs(person: { email?: unknown; name?: unknown }): string[] {
  const out = new Set<string>();
  const add = (v: string) => {
    const t = v.trim().toLowerCase();
    if (t.length >= 3) out.add(t);
  };
  if (typeof person.email === "string") {
    const [local = "", domain = ""] = person.email.trim().split("@");
    add(person.email);
    add(local);
    // `jane.doe+15131` is jane.doe to a guesser, and `harvey.specter2` is harvey.specter.
    const bare = local.split("+")[0] ?? "";
    add(bare);
    add(bare.replace(/[._-]+/g, ""));
    add(bare.replace(/\d+/g, ""));
    add(bare.replace(/[._-]+|\d+/g, ""));
    for (const part of local.split(/[._+-]+/)) {
      add(part);
      add(part.replace(/\d+/g, ""));
    }
    add(domain.split(".")[0] ?? "");
  }
  if (typeof person.name === "string") {
    add(person.name);
    add(person.name.replace(/\s+/g, ""));
    for (const part of person.name.split(/\s+/)) add(part);
  }
  return [...out];
}

/**
 * zxcvbn's verdict on `password` for `person`.
 * @throws when the dictionaries cannot be loaded.
 */
export async function passwordStrength(password: string, person: { email?: unknown; name?: unknown } = {}): Promise<PasswordStrength> {
  return (await loadChecker())(password, personalInputs(person));
}

/**
 * Refuses a new password that is easy to guess. Lengths outside better-auth's bounds are left to
 * better-auth, which answers them in its own words (and zxcvbn is not run on a 64 KB string).
 * @param bounds better-auth's `minPasswordLength` / `maxPasswordLength`.
 * @throws {APIError} 400 `PASSWORD_TOO_WEAK` whose message says why: zxcvbn's warning ("This is a
 *   commonly used password.") or "This password is too easy to guess.", and what to do instead.
 */
export async function assertStrongPassword(
  password: unknown,
  person: { email?: unknown; name?: unknown },
  bounds: { min: number; max: number } = { min: 8, max: 128 },
): Promise<void> {
  if (typeof password !== "string" || password.length < bounds.min || password.length > bounds.max) return;
  const verdict = await passwordStrength(password, person);
  if (verdict.score >= MIN_PASSWORD_SCORE) return;
  const why = verdict.warning ?? "This password is too easy to guess.";
  const how = verdict.suggestions[0] ?? "Use a few unrelated words, or a longer phrase.";
  throw APIError.from("BAD_REQUEST", { code: "PASSWORD_TOO_WEAK", message: `${why} ${how}` });
}
