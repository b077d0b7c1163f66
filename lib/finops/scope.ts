import { AsyncLocalStorage } from "node:async_hooks";
import type { Db } from "@/lib/db/client";

/**
 * Whom the upstream calls made inside a scope are for: written on each usage row by the meter
 * (lib/finops/meter.ts), which the upstream guard calls — so call sites in the domains' `llm/`
 * code know nothing of usage. A domain service sets it around the work (docs/finops.md, "Metering").
 */
export type UsageScope = {
  /** Where the usage rows (and their rollups) are written. */
  db: Db;
  userId: string | null;
  organizationId: string | null;
  /** `resume.analyze`, `interview.plan`, `interview.evaluate`, `interview.chat`, … */
  feature: string;
  taskId: string | null;
  /** The task's attempt number; null outside a task (the chat). */
  attempt: number | null;
};

const storage = new AsyncLocalStorage<UsageScope>();

/**
 * Runs `fn` with `scope` as the usage scope of every upstream call it makes, however deep (async
 * context, so no signature between the service and the model layer changes). A scope set
 * inside another replaces it for its own duration.
 * @returns what `fn` returns; its errors propagate.
 */
export function withUsageScope<T>(scope: UsageScope, fn: () => Promise<T>): Promise<T> {
  return storage.run(scope, fn);
}

/** The scope of the running call, or undefined outside any (the call is then not metered). */
export function currentUsageScope(): UsageScope | undefined {
  return storage.getStore();
}
