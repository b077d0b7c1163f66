import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../client";
import { budgets, llmUsageRollups, tasks } from "../schema";

export type BudgetRow = typeof budgets.$inferSelect;
type BudgetScope = BudgetRow["scope"];
type BudgetPeriod = BudgetRow["period"];
type BudgetId = { scope: BudgetScope; scopeId: string; period: BudgetPeriod };

/** Every budget row, ordered by scope, scope id and period. */
export async function listBudgetRows(db: Db | Tx): Promise<BudgetRow[]> {
  return db.select().from(budgets).orderBy(asc(budgets.scope), asc(budgets.scopeId), asc(budgets.period));
}

/** One budget row, locked for the caller's transaction (`FOR UPDATE`), or undefined. */
export async function getBudgetRowForUpdate(tx: Tx, id: BudgetId): Promise<BudgetRow | undefined> {
  const [row] = await tx
    .select()
    .from(budgets)
    .where(and(eq(budgets.scope, id.scope), eq(budgets.scopeId, id.scopeId), eq(budgets.period, id.period)))
    .for("update");
  return row;
}

/** Inserts or replaces the limit of one budget; returns the row written. */
export async function upsertBudgetRow(tx: Tx, row: BudgetId & { limitMicroUsd: number; updatedBy: string | null }): Promise<BudgetRow> {
  const [written] = await tx
    .insert(budgets)
    .values(row)
    .onConflictDoUpdate({
      target: [budgets.scope, budgets.scopeId, budgets.period],
      set: { limitMicroUsd: row.limitMicroUsd, updatedBy: row.updatedBy, updatedAt: sql`now()` },
    })
    .returning();
  return written!;
}

/** Deletes one budget; returns the deleted row, or undefined when there was none. */
export async function deleteBudgetRow(tx: Tx, id: BudgetId): Promise<BudgetRow | undefined> {
  const [row] = await tx
    .delete(budgets)
    .where(and(eq(budgets.scope, id.scope), eq(budgets.scopeId, id.scopeId), eq(budgets.period, id.period)))
    .returning();
  return row;
}

/**
 * The rollup column a scope's subject is matched on. Global and feature budgets read the
 * totals cube (user and organisation ''); a user's and an organisation's budgets read their own
 * cube, which matching the id alone selects (docs/finops.md, "Rollups").
 */
function subjectColumn(scope: BudgetScope) {
  if (scope === "organization") return llmUsageRollups.organizationId;
  if (scope === "user") return llmUsageRollups.userId;
  if (scope === "feature") return llmUsageRollups.feature;
  return null;
}

/**
 * Priced spend of each counter, micro-dollars, from the `day` rows of `llm_usage_rollups` with
 * `from ≤ bucket_start < to` (UTC day starts), matched on the scope's column (global: every row).
 * One query for all counters. The truth a Redis counter is seeded from.
 * @returns one sum per counter, in order (0 where nothing was spent).
 */
export async function sumDayRollupCost(
  db: Db | Tx,
  { counters }: { counters: { scope: BudgetScope; subjectId: string; from: Date; to: Date }[] },
): Promise<number[]> {
  if (counters.length === 0) return [];
  const from = new Date(Math.min(...counters.map((c) => c.from.getTime())));
  const to = new Date(Math.max(...counters.map((c) => c.to.getTime())));
  const sums = counters.map((c, i) => {
    const column = subjectColumn(c.scope);
    const totals = sql` and ${llmUsageRollups.userId} = '' and ${llmUsageRollups.organizationId} = ''`;
    const bySubject =
      c.scope === "global" ? totals : c.scope === "feature" ? sql`${totals} and ${column} = ${c.subjectId}` : sql` and ${column} = ${c.subjectId}`;
    const filter = sql`${llmUsageRollups.bucketStart} >= ${c.from.toISOString()} and ${llmUsageRollups.bucketStart} < ${c.to.toISOString()}${bySubject}`;
    return sql`coalesce(sum(${llmUsageRollups.costMicroUsd}) filter (where ${filter}), 0)::text as ${sql.identifier(`c${i}`)}`;
  });
  const [row] = await db.execute<Record<string, string>>(sql`
    select ${sql.join(sums, sql`, `)} from ${llmUsageRollups}
    where ${llmUsageRollups.granularity} = 'day'
      and ${llmUsageRollups.bucketStart} >= ${from.toISOString()} and ${llmUsageRollups.bucketStart} < ${to.toISOString()}`);
  return counters.map((_, i) => Number(row?.[`c${i}`] ?? 0));
}

/**
 * Priced spend per subject of `scope` (organisation, user or feature) over `[from, to)`, from the
 * rollups' `day` rows: the subjects a default ('*') budget has to show. Subjects with no id ('')
 * are left out.
 */
export async function spendBySubject(
  db: Db | Tx,
  { scope, from, to }: { scope: Exclude<BudgetScope, "global">; from: Date; to: Date },
): Promise<{ subjectId: string; costMicroUsd: number }[]> {
  const column = subjectColumn(scope)!;
  const rows = await db
    .select({ subjectId: column, cost: sql<string>`sum(${llmUsageRollups.costMicroUsd})::text` })
    .from(llmUsageRollups)
    .where(
      and(
        eq(llmUsageRollups.granularity, "day"),
        sql`${llmUsageRollups.bucketStart} >= ${from.toISOString()} and ${llmUsageRollups.bucketStart} < ${to.toISOString()}`,
        sql`${column} <> ''`,
        // Features are counted in the totals cube; users and organisations in their own.
        ...(scope === "feature" ? [eq(llmUsageRollups.userId, ""), eq(llmUsageRollups.organizationId, "")] : []),
      ),
    )
    .groupBy(column);
  return rows.map((r) => ({ subjectId: r.subjectId, costMicroUsd: Number(r.cost) }));
}

/**
 * Makes every task waiting for a budget (`RETRYING` with error code `budget_exhausted`) due now,
 * so the outbox relay promotes and publishes it on its next tick (lib/queue/relay.ts).
 * @returns how many tasks were made due.
 */
export async function makeBudgetWaitsDue(db: Db | Tx): Promise<number> {
  const rows = await db
    .update(tasks)
    .set({ availableAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(tasks.status, "RETRYING"), eq(tasks.errorCode, "budget_exhausted"), sql`${tasks.availableAt} > now()`))
    .returning({ id: tasks.id });
  return rows.length;
}
