import { toPriceOverrideView } from "@/lib/console/view";
import { getDb } from "@/lib/db/client";
import { unpricedModels } from "@/lib/db/queries/console-cost";
import { deletePriceOverride, listPriceOverrides, setPriceOverride } from "@/lib/finops/prices";
import { methodNotAllowed } from "../../../_lib/method-not-allowed";
import { route } from "../../../_lib/route";
import { deletePriceBodySchema, putPriceBodySchema } from "./schema";

export const dynamic = "force-dynamic";

const DAY_MS = 86_400_000;

/** The overrides, and the models without one that served unpriced requests over the last 30 days (daily rollups). */
async function answer() {
  const db = getDb();
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const [items, unpriced] = await Promise.all([
    listPriceOverrides(db),
    unpricedModels({ db, granularity: "day", from: new Date(today - 29 * DAY_MS), to: new Date(today + DAY_MS) }),
  ]);
  // A model priced since is no longer "without a price", though its earlier rows stay unpriced.
  const priced = new Set(items.map((p) => `${p.provider}/${p.model}`));
  return Response.json({ items: items.map(toPriceOverrideView), unpricedModels: unpriced.filter((m) => !priced.has(`${m.provider}/${m.model}`)) });
}

/** Every price override (`pricesBodySchema`, lib/console/contracts.ts). */
export const GET = route({ permission: "console:read", handler: answer });

/** Creates or changes one model's price override, recorded in `audit_log` with the admin. */
export const PUT = route({
  permission: "console:configure",
  body: putPriceBodySchema,
  handler: async ({ actor, body }) => {
    await setPriceOverride(getDb(), { ...body, actorId: actor.user.id });
    return answer();
  },
});

/** Removes one model's price override, recorded as for PUT. */
export const DELETE = route({
  permission: "console:configure",
  body: deletePriceBodySchema,
  handler: async ({ actor, body }) => {
    await deletePriceOverride(getDb(), { ...body, actorId: actor.user.id });
    return answer();
  },
});

export const { POST, PATCH, OPTIONS } = methodNotAllowed(["GET", "PUT", "DELETE"]);
