"use client";
import { useEffect, useRef } from "react";

/** How often the owning data is fetched again while it does not show a task's end yet, ms. */
const REFRESH_UNTIL_SHOWN_MS = 2_000;

/**
 * When a followed task has ended, the row it worked on has changed (an analysis, a plan, a
 * report), but the page's copy of it may not show that yet — the change is committed in the
 * same transaction as the end state, and the first refetch can still race it. While `stale`,
 * `refresh` runs at once and then every 2 s; it stops as soon as the page shows the change.
 *
 * @param stale the task has ended and the page's data does not show it yet.
 * @param refresh invalidates the page's queries (the latest one is used; it need not be stable).
 */
export function useRefreshUntilShown(stale: boolean, refresh: () => void) {
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    if (!stale) return;
    latest.current();
    const timer = setInterval(() => latest.current(), REFRESH_UNTIL_SHOWN_MS);
    return () => clearInterval(timer);
  }, [stale]);
}
