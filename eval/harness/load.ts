import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { CORPUS_DIR, corpusPath } from "@/tests/corpus-dir";
import { type EvalCase, evalCaseSchema, type FileRef, SPLITS, type Split } from "./cases";

/**
 * The labelled set's loader (eval/README.md): every `<root>/<split>/cases/*.json` of both
 * splits, each case checked against `evalCaseSchema`, each file reference resolved and checked,
 * and the set's own rules kept.
 */

/** The set breaks a rule; `problems` name the case (file, index, id) and what is wrong, one per line. */
export class EvalSetError extends Error {
  constructor(readonly problems: string[]) {
    super(`The evaluation set is invalid (${problems.length} problem${problems.length === 1 ? "" : "s"}):\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EvalSetError";
  }
}

/** A case as the runner uses it: where it came from, and a resolver of its file references. */
export type LoadedCase = {
  split: Split;
  /** The case file, relative to the eval root (`held-out/cases/discrimination.json`). */
  source: string;
  case: EvalCase;
  /** Absolute path of one of this case's file references (already checked to exist). */
  file: (ref: FileRef) => string;
};

const CORPUS = "corpus:";

/** The file references a case names, in the order the schema lists them. */
export function fileRefs(c: EvalCase): FileRef[] {
  switch (c.kind) {
    case "stability":
      return [c.resume, ...(c.job ? [c.job] : [])];
    case "discrimination":
      return [c.job, c.fit, c.misfit];
    case "monotonicity":
      return [c.base, ...(c.edited ? [c.edited] : []), ...(c.job ? [c.job] : [])];
    case "language":
      return [c.zh, c.en, ...(c.jobs ? [c.jobs.zh, c.jobs.en] : [])];
    case "extraction":
      return [c.file, c.visible];
    case "interview":
      return [];
  }
}

/**
 * Absolute path of `ref`: `corpus:<path>` inside the shared corpus (tests/corpus-dir.ts), else
 * relative to the split folder.
 * @throws {Error} when a relative reference leaves its split folder (a held-out case must not
 *   borrow a tuning file through `../`), or a `corpus:` one leaves the corpus.
 */
export function resolveRef(splitDir: string, ref: FileRef): string {
  const [base, abs] = ref.startsWith(CORPUS) ? [CORPUS_DIR, corpusPath(ref.slice(CORPUS.length))] : [splitDir, path.resolve(splitDir, ref)];
  const rel = path.relative(base, abs);
  if (rel.startsWith("..") || path.isAbsolute(rel)) throw new Error(`"${ref}" is outside ${base === splitDir ? "its split folder" : "the corpus"}`);
  return abs;
}

const caseListSchema = z.object({ cases: z.array(z.unknown()) });

function issues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.length > 0 ? `${i.path.join(".")}: ` : ""}${i.message}`).join("; ");
}

function idOf(raw: unknown): string {
  const id = typeof raw === "object" && raw !== null && "id" in raw ? (raw as { id: unknown }).id : undefined;
  return typeof id === "string" ? `"${id}"` : "(no id)";
}

/** One split's case files, parsed and checked on their own; problems are collected, not thrown. */
function loadSplit(root: string, split: Split, problems: string[]): LoadedCase[] {
  const splitDir = path.join(root, split);
  const casesDir = path.join(splitDir, "cases");
  if (!existsSync(casesDir)) {
    problems.push(`${split}/cases: the folder is missing`);
    return [];
  }
  const out: LoadedCase[] = [];
  for (const name of readdirSync(casesDir)
    .filter((n) => n.endsWith(".json"))
    .sort()) {
    const source = `${split}/cases/${name}`;
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(path.join(casesDir, name), "utf8"));
    } catch (err) {
      problems.push(`${source}: not JSON (${(err as Error).message})`);
      continue;
    }
    const list = caseListSchema.safeParse(json);
    if (!list.success) {
      problems.push(`${source}: not { "cases": [...] } (${issues(list.error)})`);
      continue;
    }
    list.data.cases.forEach((raw, index) => {
      const where = `${source}: case ${index} ${idOf(raw)}`;
      const parsed = evalCaseSchema.safeParse(raw);
      if (!parsed.success) {
        problems.push(`${where}: ${issues(parsed.error)}`);
        return;
      }
      const resolved = new Map<FileRef, string>();
      for (const ref of fileRefs(parsed.data)) {
        try {
          const abs = resolveRef(splitDir, ref);
          if (!existsSync(abs) || !statSync(abs).isFile()) problems.push(`${where}: file "${ref}" does not exist (${abs})`);
          else resolved.set(ref, abs);
        } catch (err) {
          problems.push(`${where}: file ${(err as Error).message}`);
        }
      }
      out.push({
        split,
        source,
        case: parsed.data,
        file: (ref) => {
          const abs = resolved.get(ref);
          if (!abs) throw new Error(`${where}: "${ref}" is not one of its files`);
          return abs;
        },
      });
    });
  }
  return out;
}

function sha256(file: string): string {
  return createHash("sha256").update(readFileSync(file)).digest("hex");
}

/**
 * Loads and checks the whole set under `root` (normally `eval/`; tests pass a fixture folder).
 * Both splits are always read, whichever the caller then runs, because the rules span them:
 * - every case passes `evalCaseSchema` and every file it names exists;
 * - case ids are unique across both splits;
 * - no file a held-out case uses is used by a tuning case — compared by resolved path and by
 *   content (SHA-256), so a copy under another name counts as the same file.
 * @returns the cases of both splits, in split, file-name and list order.
 * @throws {EvalSetError} listing every problem found, each naming its case.
 */
export function loadEvalSet(root: string): LoadedCase[] {
  const problems: string[] = [];
  const cases = SPLITS.flatMap((split) => loadSplit(root, split, problems));

  const firstSeen = new Map<string, string>();
  for (const c of cases) {
    const where = `${c.source}: "${c.case.id}"`;
    const earlier = firstSeen.get(c.case.id);
    if (earlier) problems.push(`${where}: the id is also used by ${earlier}`);
    else firstSeen.set(c.case.id, c.source);
  }

  if (problems.length === 0) {
    const tuningUse = new Map<string, string>();
    for (const c of cases.filter((x) => x.split === "tuning")) {
      for (const ref of fileRefs(c.case)) {
        const abs = c.file(ref);
        tuningUse.set(abs, c.case.id);
        tuningUse.set(sha256(abs), c.case.id);
      }
    }
    for (const c of cases.filter((x) => x.split === "held-out")) {
      for (const ref of fileRefs(c.case)) {
        const abs = c.file(ref);
        const user = tuningUse.get(abs) ?? tuningUse.get(sha256(abs));
        if (user) problems.push(`${c.source}: "${c.case.id}": file "${ref}" is also used by tuning case "${user}"`);
      }
    }
  }

  if (problems.length > 0) throw new EvalSetError(problems);
  return cases;
}
