/**
 * The shipped alert rules and Grafana dashboard (docs/prometheus/) name only metrics that
 * `GET /api/metrics` exports: a renamed metric fails here, not silently in someone's Grafana.
 */
import "../helpers/env";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { GET } from "@/app/api/metrics/route";
import { closeDb } from "@/lib/db/client";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { clearPrefix } from "../helpers/fixtures";
import { params } from "../helpers/http";
import { exportedNames, parseExposition } from "./exposition";

const DOCS = path.resolve(import.meta.dirname, "../../docs/prometheus");
process.env.METRICS_TOKEN = "dashboards-test-token";

afterAll(async () => {
  await clearPrefix(getRedis());
  await closeRedis();
  await closeDb();
});

// PromQL words that are not metric names (prometheus.io, "Querying basics" / "Operators").
const KEYWORDS = new Set(["by", "without", "on", "ignoring", "group_left", "group_right", "bool", "and", "or", "unless", "offset", "inf", "nan"]);

/**
 * The metric names a PromQL expression reads: identifiers left once strings, Grafana variables,
 * label matchers, range selectors and grouping clauses are taken out, minus function calls,
 * keywords and numbers.
 */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, "")
    .replace(/\$\{[^}]*\}|\$\w+/g, "")
    .replace(/\{[^}]*\}/g, "")
    .replace(/\[[^\]]*\]/g, "")
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, "");
  return [...bare.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)(\s*\()?/g)].filter((m) => !m[2] && !KEYWORDS.has(m[1]!.toLowerCase())).map((m) => m[1]!);
}

function alertExprs(): string[] {
  const doc = parse(readFileSync(path.join(DOCS, "alerts.yml"), "utf8")) as { groups: { rules: { alert: string; expr: string }[] }[] };
  return doc.groups.flatMap((g) => g.rules.map((r) => r.expr));
}

/** Every `expr` of a panel target and every variable query of the dashboard. */
function dashboardExprs(): string[] {
  const dash = JSON.parse(readFileSync(path.join(DOCS, "grafana-dashboard.json"), "utf8")) as {
    panels: { targets?: { expr: string }[] }[];
    templating: { list: { definition: string }[] };
  };
  const variables = dash.templating.list.map((v) => v.definition.replace(/^label_values\((\w+),.*\)$/, "$1"));
  return [...dash.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr)), ...variables];
}

describe("docs/prometheus", () => {
  it("reads metric names out of PromQL", () => {
    expect(metricNames('histogram_quantile(0.9, sum by (le, type) (rate(task_queue_wait_seconds_bucket{lane="interactive"}[10m]))) > 30')).toEqual([
      "task_queue_wait_seconds_bucket",
    ]);
    expect(metricNames("budget_remaining_usd / (budget_limit_usd > 0) < 0.1")).toEqual(["budget_remaining_usd", "budget_limit_usd"]);
    expect(metricNames('sum by (outcome) (rate(llm_requests_total{model=~"$model"}[$__rate_interval]))')).toEqual(["llm_requests_total"]);
  });

  it("every metric the alert rules and the Grafana dashboard name is exported by GET /api/metrics", async () => {
    const res = await GET(new Request("http://localhost:3000/api/metrics", { headers: { authorization: "Bearer dashboards-test-token" } }), params({}));
    expect(res.status).toBe(200);
    const exported = exportedNames(parseExposition(await res.text()));
    for (const [file, exprs] of [
      ["alerts.yml", alertExprs()],
      ["grafana-dashboard.json", dashboardExprs()],
    ] as const) {
      const named = new Set(exprs.flatMap(metricNames));
      expect(named.size, file).toBeGreaterThan(10);
      expect(
        [...named].filter((n) => !exported.has(n)),
        `${file} names metrics the endpoint does not export`,
      ).toEqual([]);
    }
  });
});
