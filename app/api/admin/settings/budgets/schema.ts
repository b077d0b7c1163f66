import { z } from "zod";
import { BUDGET_PERIODS, BUDGET_SCOPES } from "@/lib/console/contracts";

/** A budget's key: the global one has scope id ''; the others an organisation id, user id or feature name, or '*' for each one's default. */
const budgetKey = z
  .object({
    scope: z.enum(BUDGET_SCOPES),
    scopeId: z.string().trim().max(200).default(""),
    period: z.enum(BUDGET_PERIODS),
  })
  .refine((b) => (b.scope === "global" ? b.scopeId === "" : b.scopeId !== ""), {
    path: ["scopeId"],
    message: "The global budget has no scope id; every other scope needs one (or '*').",
  });

/** `PUT /api/admin/settings/budgets`: creates or changes one budget; the limit in micro-dollars per period (at most $1 000 000 000). */
export const putBudgetBodySchema = z.intersection(budgetKey, z.object({ limitMicroUsd: z.number().int().min(0).max(1e15) }));

/** `DELETE /api/admin/settings/budgets`: removes one budget. */
export const deleteBudgetBodySchema = budgetKey;
