import { toAuditEntryView } from "@/lib/console/view";
import { getDb } from "@/lib/db/client";
import { listAuditEntries } from "@/lib/db/queries/audit";
import { methodNotAllowed } from "../../_lib/method-not-allowed";
import { route } from "../../_lib/route";
import { auditQuerySchema } from "./schema";

export const dynamic = "force-dynamic";

/** The latest console changes, newest first, each with who made it (`auditBodySchema`, lib/console/contracts.ts). */
export const GET = route({
  permission: "console:read",
  query: auditQuerySchema,
  handler: async ({ query }) => Response.json({ items: (await listAuditEntries(getDb(), query)).map(toAuditEntryView) }),
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
