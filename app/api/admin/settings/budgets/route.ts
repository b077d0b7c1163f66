import { toBudgetViews } from "@/lib/console/view";
import { getDb } from "@/lib/db/client";
import { budgetStatuses, deleteBudget, listBudgets, setBudget } from "@/lib/finops/budgets";
import { methodNotAllowed } from "../../../_lib/method-not-allowed";
import { route } from "../../../_lib/route";
import { deleteBudgetBodySchema, putBudgetBodySchema } from "./schema";

export const dynamic = "force-dynamic";

/** Every budget with its status; a Redis that cannot be asked leaves the statuses null, not the page broken. */
async function answer() {
  const db = getDb();
  const [budgets, statuses] = await Promise.all([listBudgets(db), budgetStatuses(db).catch(() => null)]);
  return Response.json({ items: toBudgetViews(budgets, statuses) });
}

/** Every budget and where it stands (`budgetsBodySchema`, lib/console/contracts.ts). */
export const GET = route({ permission: "console:read", handler: answer });

/** Creates or changes one budget, recorded in `audit_log` with the admin; answers every budget. */
export const PUT = route({
  permission: "console:configure",
  body: putBudgetBodySchema,
  handler: async ({ actor, body }) => {
    await setBudget(getDb(), { ...body, actorId: actor.user.id });
    return answer();
  },
});

/** Removes one budget (none there: nothing to do), recorded as for PUT; answers every budget. */
export const DELETE = route({
  permission: "console:configure",
  body: deleteBudgetBodySchema,
  handler: async ({ actor, body }) => {
    await deleteBudget(getDb(), { ...body, actorId: actor.user.id });
    return answer();
  },
});

export const { POST, PATCH, OPTIONS } = methodNotAllowed(["GET", "PUT", "DELETE"]);
