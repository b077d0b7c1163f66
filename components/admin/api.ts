import {
  type AllowlistKind,
  alertRulesBodySchema,
  allowlistBodySchema,
  auditBodySchema,
  budgetsBodySchema,
  type CostRange,
  costBodySchema,
  type Granularity,
  limitsBodySchema,
  overviewBodySchema,
  pricesBodySchema,
  userBodySchema,
  usersBodySchema,
} from "@/lib/console/contracts";
import { requestJson } from "../tasks/api";

/** How often the console's live views refetch, ms: "live" means within a few seconds. */
export const CONSOLE_POLL_MS = 5_000;

export const consoleKeys = {
  overview: ["admin", "overview"] as const,
  cost: (range: CostRange, granularity: Granularity) => ["admin", "cost", range, granularity] as const,
  users: (q: string, offset: number) => ["admin", "users", q, offset] as const,
  usersAll: ["admin", "users"] as const,
  budgets: ["admin", "settings", "budgets"] as const,
  alerts: ["admin", "settings", "alerts"] as const,
  prices: ["admin", "settings", "prices"] as const,
  limits: ["admin", "settings", "limits"] as const,
  allowlist: ["admin", "settings", "allowlist"] as const,
  audit: ["admin", "audit"] as const,
};

export const fetchOverview = (signal?: AbortSignal) => requestJson("/api/admin/overview", { signal }, overviewBodySchema);

export const fetchCost = (range: CostRange, granularity: Granularity, signal?: AbortSignal) =>
  requestJson(`/api/admin/cost?${new URLSearchParams({ range, granularity })}`, { signal }, costBodySchema);

/** A page of users, newest first; `q` filters by e-mail or name. */
export const fetchUsers = (q: string, offset: number, limit: number, signal?: AbortSignal) =>
  requestJson(`/api/admin/users?${new URLSearchParams({ limit: String(limit), offset: String(offset), ...(q ? { q } : {}) })}`, { signal }, usersBodySchema);

export const patchUser = (id: string, change: { role?: "user" | "admin"; banned?: boolean; banReason?: string }) =>
  requestJson(`/api/admin/users/${encodeURIComponent(id)}`, { method: "PATCH", body: JSON.stringify(change) }, userBodySchema);

export const fetchBudgets = (signal?: AbortSignal) => requestJson("/api/admin/settings/budgets", { signal }, budgetsBodySchema);
export type BudgetKey = { scope: "global" | "organization" | "user" | "feature"; scopeId: string; period: "day" | "month" };
export const putBudget = (b: BudgetKey & { limitMicroUsd: number }) =>
  requestJson("/api/admin/settings/budgets", { method: "PUT", body: JSON.stringify(b) }, budgetsBodySchema);
export const deleteBudget = (b: BudgetKey) => requestJson("/api/admin/settings/budgets", { method: "DELETE", body: JSON.stringify(b) }, budgetsBodySchema);

export const fetchAlertRules = (signal?: AbortSignal) => requestJson("/api/admin/settings/alerts", { signal }, alertRulesBodySchema);
export const patchAlertRule = (r: { kind: string; threshold: number; enabled?: boolean }) =>
  requestJson("/api/admin/settings/alerts", { method: "PATCH", body: JSON.stringify(r) }, alertRulesBodySchema);

export const fetchPrices = (signal?: AbortSignal) => requestJson("/api/admin/settings/prices", { signal }, pricesBodySchema);
export type PriceInput = { provider: string; model: string; inputMicroUsdPerMTok: number; cachedInputMicroUsdPerMTok: number; outputMicroUsdPerMTok: number };
export const putPrice = (p: PriceInput) => requestJson("/api/admin/settings/prices", { method: "PUT", body: JSON.stringify(p) }, pricesBodySchema);
export const deletePrice = (p: { provider: string; model: string }) =>
  requestJson("/api/admin/settings/prices", { method: "DELETE", body: JSON.stringify(p) }, pricesBodySchema);

export const fetchAudit = (limit: number, signal?: AbortSignal) => requestJson(`/api/admin/audit?limit=${limit}`, { signal }, auditBodySchema);

export const fetchLimits = (signal?: AbortSignal) => requestJson("/api/admin/settings/limits", { signal }, limitsBodySchema);
export const putLimit = (b: { ruleId: string; limit: number }) =>
  requestJson("/api/admin/settings/limits", { method: "PUT", body: JSON.stringify(b) }, limitsBodySchema);
export const deleteLimit = (b: { ruleId: string }) =>
  requestJson("/api/admin/settings/limits", { method: "DELETE", body: JSON.stringify(b) }, limitsBodySchema);

export const fetchAllowlist = (signal?: AbortSignal) => requestJson("/api/admin/settings/allowlist", { signal }, allowlistBodySchema);
export type AllowlistInput = { kind: AllowlistKind; value: string; multiplier: number | null; note: string };
export const putAllowlistEntry = (e: AllowlistInput) =>
  requestJson("/api/admin/settings/allowlist", { method: "PUT", body: JSON.stringify(e) }, allowlistBodySchema);
export const deleteAllowlistEntry = (e: { id: string }) =>
  requestJson("/api/admin/settings/allowlist", { method: "DELETE", body: JSON.stringify(e) }, allowlistBodySchema);
