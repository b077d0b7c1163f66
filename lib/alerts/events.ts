import type { Db } from "@/lib/db/client";
import { type AlertEventRow, listActiveAlertEvents, listRecentAlertEvents } from "@/lib/db/queries/alerts";
import { ALERT_RULE_CATALOGUE, type AlertKind } from "./rules";

/**
 * An alert as the console shows it: the `alert_events` row and its rule's title.
 * `webhookStatus` is that of its latest notification (its firing, then its clearing):
 * `none` (no `ALERT_WEBHOOK_URL`), `pending`, `delivered` or `failed`.
 */
export type AlertEvent = AlertEventRow & { title: string };

function withTitle(e: AlertEventRow): AlertEvent {
  return { ...e, title: ALERT_RULE_CATALOGUE[e.kind as AlertKind]?.title ?? e.kind };
}

/** Alerts that fired and have not cleared, newest first. */
export async function listActiveAlerts(db: Db): Promise<AlertEvent[]> {
  return (await listActiveAlertEvents(db)).map(withTitle);
}

/**
 * The latest alerts, active and cleared, newest first.
 * @param o.limit at most this many rows (1–1000; clamped).
 */
export async function listRecentAlerts(db: Db, { limit }: { limit: number }): Promise<AlertEvent[]> {
  const n = Math.min(1_000, Math.max(1, Math.floor(limit) || 1));
  return (await listRecentAlertEvents(db, { limit: n })).map(withTitle);
}
