import { listAlertRules, updateAlertRule } from "@/lib/alerts";
import { toAlertRuleView } from "@/lib/console/view";
import { getDb } from "@/lib/db/client";
import { methodNotAllowed } from "../../../_lib/method-not-allowed";
import { route } from "../../../_lib/route";
import { patchAlertRuleBodySchema } from "./schema";

export const dynamic = "force-dynamic";

const answer = async () => Response.json({ items: (await listAlertRules(getDb())).map(toAlertRuleView) });

/** Every alert rule with its threshold (`alertRulesBodySchema`, lib/console/contracts.ts). */
export const GET = route({ permission: "console:read", handler: answer });

/** Changes one rule, recorded in `audit_log` with the admin; 404 `not_found:admin` for an unknown kind. Answers every rule. */
export const PATCH = route({
  permission: "console:configure",
  body: patchAlertRuleBodySchema,
  handler: async ({ actor, body }) => {
    await updateAlertRule(getDb(), { ...body, actorId: actor.user.id });
    return answer();
  },
});

export const { POST, PUT, DELETE, OPTIONS } = methodNotAllowed(["GET", "PATCH"]);
