import { existsSync } from "node:fs";
import path from "node:path";

/**
 * Where the shared test corpus lives (`../shared/corpus` beside the checkout; see its
 * SOURCES.tsv). Tests read it by path and never copy it. Resolution order:
 * `PANELIST_CORPUS_DIR`; `shared/corpus` beside the checkout or beside any folder above it
 * (a clone nested deeper still finds it); the workplace's `/work/shared/corpus`.
 * @throws {Error} naming what to set, when none exists — tests fail loudly, never skip.
 */
function resolveCorpusDir(): string {
  const fromEnv = process.env.PANELIST_CORPUS_DIR;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`PANELIST_CORPUS_DIR=${fromEnv} does not exist`);
    return path.resolve(fromEnv);
  }
  const root = path.resolve(import.meta.dirname, "..");
  const tried: string[] = [];
  for (let dir = path.dirname(root); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "shared", "corpus");
    tried.push(candidate);
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) break;
  }
  if (existsSync("/work/shared/corpus")) return "/work/shared/corpus";
  throw new Error(`The test corpus was not found (tried ${tried.join(", ")}). Set PANELIST_CORPUS_DIR to the corpus folder.`);
}

export const CORPUS_DIR: string = resolveCorpusDir();

/** Absolute path of a corpus file, e.g. `corpusPath("resumes-pdf/zh_typst_qianxi_cv.pdf")`. */
export function corpusPath(relative: string): string {
  return path.join(CORPUS_DIR, relative);
}
