import { sql } from "drizzle-orm";
import type { Db } from "../client";

/** A fair task the feeder may admit now, with its group's standing. */
export type FairCandidate = {
  id: string;
  type: string;
  lane: "interactive" | "batch";
  fairKey: string;
  /** The organisation's `batch_weight` (≥ 1; 1 without a settings row). */
  weight: number;
};

/**
 * The fair tasks the feeder may admit now (lib/queue/fair-feeder.ts), in one query: per group
 * (`fair_key`), the oldest waiting ones (PENDING, not admitted — `message_id` null — and due),
 * as many as the group has room for: `windowPerWeight × weight` minus its admitted-and-
 * unfinished tasks (PENDING with a `message_id`, or PROCESSING). Weights come from
 * `organization_settings.batch_weight` (no row = 1; below 1 counts as 1, so no group starves).
 * Both scans read the partial index `tasks_fair_idx` (open fair tasks only).
 * @param windowPerWeight tasks a weight-1 group may have admitted and unfinished at once.
 * @returns the candidates grouped, the group whose oldest waiting task is oldest first, each
 *   group's oldest first.
 */
export async function findFairCandidates(db: Db, { windowPerWeight }: { windowPerWeight: number }): Promise<FairCandidate[]> {
  const rows = await db.execute<{
    id: string;
    type: string;
    lane: "interactive" | "batch";
    fair_key: string;
    weight: number;
  }>(sql`
    with admitted as (
      select fair_key, count(*)::int as n from tasks
      where fair_key is not null
        and (status = 'PROCESSING' or (status = 'PENDING' and message_id is not null))
      group by fair_key
    ), waiting as (
      select id, type, lane, fair_key, created_at,
        row_number() over (partition by fair_key order by created_at, id)::int as rank,
        min(created_at) over (partition by fair_key) as group_since
      from tasks
      where fair_key is not null and status = 'PENDING' and message_id is null and available_at <= now()
    )
    select w.id, w.type, w.lane, w.fair_key, greatest(1, coalesce(s.batch_weight, 1))::int as weight
    from waiting w
    left join admitted a on a.fair_key = w.fair_key
    left join organization_settings s on s.organization_id = w.fair_key
    where w.rank <= ${windowPerWeight} * greatest(1, coalesce(s.batch_weight, 1)) - coalesce(a.n, 0)
    order by w.group_since, w.fair_key, w.rank`);
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    lane: r.lane,
    fairKey: r.fair_key,
    weight: r.weight,
  }));
}

/**
 * Withdraws the admission of every PENDING fair task (`message_id` and `published_at` cleared)
 * after Redis lost its data: their entries are gone, and the feeder re-admits them a window at a
 * time instead of the relay dumping them all into the stream. `updated_at` is left alone (the
 * task did not change state). Idempotent.
 * @returns how many admissions were withdrawn.
 */
export async function withdrawFairAdmissions(db: Db): Promise<number> {
  const rows = await db.execute<{ id: string }>(sql`
    update tasks set message_id = null, published_at = null
    where fair_key is not null and status = 'PENDING' and message_id is not null
    returning id`);
  return rows.length;
}
