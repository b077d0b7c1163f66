/**
 * Writes the synthetic Word resumes of the extraction cases: for each fixture of
 * `docx-fixtures.ts`, `eval/<split>/files/<name>.docx` and `<name>.visible.txt` (what a reader
 * sees, one line per visible line). Deterministic: running it again rewrites the same bytes.
 *
 *   npx tsx eval/builders/build-docx.ts
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildDocx, visibleLines } from "./docx";
import { DOCX_FIXTURES } from "./docx-fixtures";

const evalDir = join(dirname(fileURLToPath(import.meta.url)), "..");

for (const { split, name, spec } of DOCX_FIXTURES) {
  const dir = join(evalDir, split, "files");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.docx`), await buildDocx(spec));
  writeFileSync(join(dir, `${name}.visible.txt`), `${visibleLines(spec).join("\n")}\n`);
  console.log(`${split}/files/${name}.docx`);
}
