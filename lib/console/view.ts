import type { AlertRule } from "@/lib/alerts";
import type { listAuditEntries } from "@/lib/db/queries/audit";
import type { ModelPriceRow as PriceOverride } from "@/lib/db/queries/prices";
import type { BudgetRow as Budget, BudgetStatus } from "@/lib/finops/budgets";
import type { AlertRuleView, AuditEntryView, BudgetView, PriceOverrideView } from "./contracts";

/**
 * Every budget as the settings API answers it (`budgetSchema`), each with its status: the
 * status of its own key, or for a '*' default the most used subject under it. `statuses`
 * null (Redis did not answer) leaves every status null.
 */
export function toBudgetViews(budgets: Budget[], statuses: BudgetStatus[] | null): BudgetView[] {
  return budgets.map((b) => {
    const mine = (statuses ?? [])
      .filter((s) => s.scope === b.scope && s.period === b.period && (b.scopeId === "*" ? s.viaDefault : !s.viaDefault && s.scopeId === b.scopeId))
      .sort((x, y) => y.utilization - x.utilization)[0];
    return {
      scope: b.scope,
      scopeId: b.scopeId,
      period: b.period,
      limitMicroUsd: b.limitMicroUsd,
      updatedBy: b.updatedBy,
      updatedAt: b.updatedAt.toISOString(),
      status: mine
        ? {
            subjectId: mine.scopeId,
            spentMicroUsd: mine.spentMicroUsd,
            reservedMicroUsd: mine.reservedMicroUsd,
            utilization: mine.utilization,
            resetsAt: mine.resetsAt.toISOString(),
          }
        : null,
    };
  });
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
