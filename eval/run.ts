/**
 * `npm run eval`: the labelled set (eval/README.md) through the production analysis and grading;
 * prints the figures, writes docs/quality.md. See docs/quality.md for what the figures mean.
 *
 *   --split tuning|held-out|all   which half to measure (all); the set's rules are checked on both
 *   --kind <kind>                 a case kind to measure (repeatable; all six by default)
 *   --runs N                      analyses per stability case (5)
 *   --no-write                    leave docs/quality.md as it is (so does any --split, --kind or --root:
 *                                 only a full run of eval/ writes it)
 *   --json <path>                 also write the whole result as JSON
 *   --root <dir>                  another set's folder than eval/ (a copy, the harness's fixtures);
 *                                 docs/quality.md is then left alone: it describes eval/ only
 *   --help                        this text
 *
 * Exit 0 when it ran (a missed goal is marked in the table); 1 when the set, the arguments or an
 * output path are invalid; 2 when a measurement failed (an engine error).
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { type EvalCaseKind, SPLITS, type Split } from "./harness/cases";
import { EvalSetError } from "./harness/load";
import { qualityMarkdown, textTable } from "./harness/report";
import { KINDS, runEval } from "./harness/run-set";

const ROOT = path.resolve(import.meta.dirname, "..");
const DEFAULT_ROOT = path.join(ROOT, "eval");

const USAGE = `usage: npm run eval -- [--split tuning|held-out|all] [--kind <kind>]… [--runs N] [--no-write] [--json <path>] [--root <dir>]
  --split    which half to measure (all); the set's rules are checked on both
  --kind     a case kind to measure, repeatable (${KINDS.join(", ")}; all by default)
  --runs     analyses per stability case (5, at least 2)
  --no-write leave docs/quality.md as it is (only a full run of eval/ writes it)
  --json     also write the whole result as JSON to this path
  --root     another set's folder than eval/ (docs/quality.md is then left alone)
What the figures mean: docs/quality.md. The set's format: eval/README.md.
`;

function usage(message: string): never {
  process.stderr.write(`${message}\n${USAGE}`);
  process.exit(1);
}

function options() {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse();
  } catch (err) {
    usage((err as Error).message);
  }
  const v = parsed.values;
  if (v.help) {
    process.stdout.write(USAGE);
    process.exit(0);
  }
  const split = v.split ?? "all";
  if (split !== "all" && !(SPLITS as readonly string[]).includes(split)) usage(`--split must be tuning, held-out or all (got ${split})`);
  const kinds = v.kind ?? [...KINDS];
  for (const k of kinds) if (!(KINDS as readonly string[]).includes(k)) usage(`--kind must be one of ${KINDS.join(", ")} (got ${k})`);
  const runs = v.runs === undefined ? 5 : Number(v.runs);
  if (!Number.isInteger(runs) || runs < 2) usage(`--runs must be an integer ≥ 2 (got ${v.runs})`);
  return {
    splits: (split === "all" ? [...SPLITS] : [split]) as Split[],
    kinds: [...new Set(kinds)] as EvalCaseKind[],
    runs,
    // docs/quality.md describes eval/ itself: another root's figures never overwrite it.
    // and a partial run (one split, some kinds) would leave it half a report: only a full run writes it.
    write: !v["no-write"] && (v.root === undefined || path.resolve(v.root) === DEFAULT_ROOT) && split === "all" && v.kind === undefined,
    json: v.json,
    root: path.resolve(v.root ?? DEFAULT_ROOT),
  };
}

function parse() {
  return parseArgs({
    options: {
      split: { type: "string" },
      kind: { type: "string", multiple: true },
      runs: { type: "string" },
      "no-write": { type: "boolean" },
      json: { type: "string" },
      root: { type: "string" },
      help: { type: "boolean" },
    },
    strict: true,
    allowPositionals: false,
  });
}

async function main(): Promise<number> {
  const o = options();
  const started = performance.now();
  let report: Awaited<ReturnType<typeof runEval>>;
  try {
    report = await runEval({
      root: o.root,
      splits: o.splits,
      kinds: o.kinds,
      runs: o.runs,
      progress: (p) => process.stderr.write(`[${p.index}/${p.total}] ${p.split} ${p.kind} ${p.id}\n`),
    });
  } catch (err) {
    if (err instanceof EvalSetError) {
      process.stderr.write(`${err.message}\n`);
      return 1;
    }
    process.stderr.write(`The evaluation failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    return 2;
  }
  process.stdout.write(`${textTable(report)}\n`);
  const outputs: [string, string][] = [];
  if (o.json) outputs.push([o.json, `${JSON.stringify(report, null, 2)}\n`]);
  if (o.write) outputs.push([path.join(ROOT, "docs", "quality.md"), qualityMarkdown(report)]);
  else process.stderr.write("docs/quality.md left alone (only a full run of eval/ without --no-write writes it)\n");
  for (const [file, text] of outputs) {
    try {
      writeFileSync(file, text);
    } catch (err) {
      process.stderr.write(`Could not write ${file}: ${(err as Error).message}\n`);
      return 1;
    }
    process.stderr.write(`wrote ${path.relative(process.cwd(), file) || file}\n`);
  }
  process.stderr.write(`done in ${Math.round((performance.now() - started) / 1000)} s\n`);
  return 0;
}

// Exits explicitly: a model run leaves the governor's Redis connection open.
main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`${String(err)}\n`);
    process.exit(2);
  },
);
