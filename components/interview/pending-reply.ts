/**
 * A request in flight when the page was left: its reply may still land in the database, so a
 * reload waits for it instead of asking the interviewer twice. Kept in sessionStorage as the
 * request's start time (epoch ms), per interview.
 */
const PENDING_KEY = (id: string) => `panelist:interview:${id}:pending`;

/** How long after a request we wait for its reply to show up in the database, ms. */
export const RECOVER_WINDOW_MS = 20_000;
/** How often the interview is fetched while waiting for that reply, ms. */
export const RECOVER_POLL_MS = 1_000;

export function readPending(id: string): number | null {
  try {
    const v = Number(sessionStorage.getItem(PENDING_KEY(id)));
    return Number.isFinite(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}

/** Marks a request as sent at `at` (epoch ms), or clears the mark with null. */
export function writePending(id: string, at: number | null) {
  try {
    if (at == null) sessionStorage.removeItem(PENDING_KEY(id));
    else sessionStorage.setItem(PENDING_KEY(id), String(at));
  } catch {
    // storage unavailable (private mode): recovery after reload just does not happen
  }
}
