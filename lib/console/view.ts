import type { listAuditEntries } from "@/lib/db/queries/audit";
import type { AlertRuleView, AuditEntryView, BudgetView, PriceOverrideView } from "./contracts";
import type { AlertRule, Budget, PriceOverride } from "./pieces";

/** A budget as the settings API answers it (`budgetSchema`). */
export function toBudgetView(b: Budget): BudgetView {
  return { scope: b.scope, scopeId: b.scopeId, period: b.period, limitMicroUsd: b.limitMicroUsd, updatedBy: b.updatedBy, updatedAt: b.updatedAt.toISOString() };
}

/** An alert rule as the settings API answers it (`alertRuleSchema`). */
export function toAlertRuleView(r: AlertRule): AlertRuleView {
  return {
    kind: r.kind,
    title: r.title,
    description: r.description,
    unit: r.unit,
    threshold: r.threshold,
    defaultThreshold: r.defaultThreshold,
    min: r.min,
    max: r.max,
    params: r.params,
    enabled: r.enabled,
    updatedBy: r.updatedBy,
    updatedAt: r.updatedAt?.toISOString() ?? null,
  };
}

/** A price override as the settings API answers it (`priceOverrideSchema`). */
export function toPriceOverrideView(p: PriceOverride): PriceOverrideView {
  return {
    provider: p.provider,
    model: p.model,
    inputMicroUsdPerMTok: p.inputMicroUsdPerMTok,
    cachedInputMicroUsdPerMTok: p.cachedInputMicroUsdPerMTok,
    outputMicroUsdPerMTok: p.outputMicroUsdPerMTok,
    updatedBy: p.updatedBy,
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** An audit row as the audit API answers it (`auditEntrySchema`). */
export function toAuditEntryView(e: Awaited<ReturnType<typeof listAuditEntries>>[number]): AuditEntryView {
  return {
    id: e.id,
    action: e.action,
    target: e.target,
    before: e.before,
    after: e.after,
    createdAt: e.createdAt.toISOString(),
    actor: e.actorId ? { id: e.actorId, name: e.actorName, email: e.actorEmail } : null,
  };
}
