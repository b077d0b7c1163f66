/**
 * The layer rules of docs/architecture.md ("Layout"), checked by dependency-cruiser on every
 * `npm test` (`npm run lint:deps`). Each rule names the boundary it keeps; the fixtures in
 * tests/lint/fixtures/ break each one once, and tests/lint/dependency-rules.test.ts proves that
 * every rule reports its break.
 *
 * Test files are held to the same rules, with one allowance: they may import the shared test
 * helpers (`tests/helpers/`, `tests/corpus-dir.ts`), which production code never reaches.
 */

/** The domains: one folder each; the pipeline, the model layer, the platform layers and the database know none. */
const DOMAINS = "(resume|interview|jobs|knowledge)";
/** Domains whose folders other domains may enter only through `service.ts` or `index.ts`. */
const FEATURE_DOMAINS = DOMAINS;
/**
 * Platform layers beside the pipeline and the model layer: usage, prices, budgets and the
 * result cache (finops), alerts, metrics, the rate limiter. Any domain or layer above may use
 * them; they use no domain, and the database layer uses none of them.
 */
const PLATFORM = "(finops|alerts|metrics|ratelimit)";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Modules depend in one direction; a cycle means two modules are one, or a layer is upside down.",
      from: {},
      to: { circular: true },
    },
    {
      name: "components-not-db",
      severity: "error",
      comment: "components/ never imports lib/db: the browser never reaches the database.",
      from: { path: "^components/" },
      to: { path: "^lib/db/" },
    },
    {
      name: "lib-not-app",
      severity: "error",
      comment: "lib/ never imports app/: domains, the model layer and the pipeline know no HTTP.",
      from: { path: "^lib/" },
      to: { path: "^app/" },
    },
    {
      name: "queue-not-domain",
      severity: "error",
      comment: "lib/queue never imports a domain: task handlers register with the pipeline.",
      from: { path: "^lib/queue/" },
      to: { path: `^lib/${DOMAINS}/` },
    },
    {
      name: "db-not-domain",
      severity: "error",
      comment: "lib/db imports no domain and no platform layer: schema, client and queries only, no business rules.",
      from: { path: "^lib/db/" },
      to: { path: [`^lib/${DOMAINS}/`, `^lib/${PLATFORM}/`] },
    },
    {
      name: "platform-not-domain",
      severity: "error",
      comment: "The platform layers (lib/finops, lib/alerts, lib/metrics, lib/ratelimit) know no domain: the services call them, never the reverse.",
      from: { path: `^lib/${PLATFORM}/` },
      to: { path: `^lib/${DOMAINS}/` },
    },
    {
      name: "finops-not-ai",
      severity: "error",
      comment:
        "lib/finops never imports lib/ai: the upstream guard (lib/ai) calls the meter, so the reverse would be a cycle; finops throws its own errors and the guard maps them to LlmError.",
      from: { path: "^lib/finops/" },
      to: { path: "^lib/ai/" },
    },
    {
      name: "ai-not-domain",
      severity: "error",
      comment: "lib/ai knows no domain: prompts and output schemas live in each domain's llm/.",
      from: { path: "^lib/ai/" },
      to: { path: `^lib/${DOMAINS}/` },
    },
    {
      name: "app-not-worker",
      severity: "error",
      comment: "app/ never imports worker/: web and worker meet only through the queue.",
      from: { path: "^app/" },
      to: { path: "^worker/" },
    },
    {
      name: "worker-not-app",
      severity: "error",
      comment: "worker/ never imports app/: web and worker meet only through the queue.",
      from: { path: "^worker/" },
      to: { path: "^app/" },
    },
    {
      name: "no-domain-internals",
      severity: "error",
      comment: "A domain uses another domain only through its service.ts or index.ts; what both need is a shared module (lib/text, lib/tasks …).",
      from: { path: `^lib/${FEATURE_DOMAINS}/` },
      to: { path: `^lib/${FEATURE_DOMAINS}/`, pathNot: ["^lib/$1/", `^lib/${FEATURE_DOMAINS}/(service|index)\\.ts$`] },
    },
    {
      name: "tests-use-helpers",
      severity: "error",
      comment:
        "Code outside tests/ (unit tests beside it included) imports only the shared helpers of tests/ (tests/helpers/, tests/corpus-dir.ts), never a suite's internals. bench/ may: benchmarks drive the chaos suite's worker harness.",
      from: { pathNot: "^(tests|bench)/" },
      to: { path: "^tests/", pathNot: ["^tests/helpers/", "^tests/corpus-dir\\.ts$"] },
    },
    {
      name: "production-not-tests",
      severity: "error",
      comment: "Nothing the web, the worker or the scripts run reaches tests/.",
      from: { path: "^(app|worker|scripts)/", pathNot: "\\.test\\.ts$" },
      to: { path: "^tests/", reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // The rule fixtures break the rules on purpose; tests/lint/dependency-rules.test.ts cruises them alone.
    exclude: { path: ["^node_modules/", "^\\.next/", "^\\.data/", "^tests/lint/fixtures/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mjs", ".js", ".cjs", ".json", ".d.ts"],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
