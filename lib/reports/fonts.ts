import { existsSync } from "node:fs";
import path from "node:path";
import { Font } from "@react-pdf/renderer";
import { reportWordBreaks } from "./line-breaks";

/**
 * The report's font stack, first match per character (react-pdf's font substitution):
 * - **Noto Sans SC** — Latin and CJK glyphs, so "熟悉 Kubernetes" is one font;
 *   `@expo-google-fonts/noto-sans-sc` (Google Fonts' static TTFs, SIL OFL 1.1, 10.5 MB a weight).
 *   react-pdf needs one whole TTF/OTF per weight: the unicode-range WOFF2 subsets that
 *   @fontsource ships cannot back one font family.
 * - **DejaVu Sans** — the symbols Noto Sans SC lacks and our own texts use: the evaluator's ✗
 *   beside ✓, and resume bullets such as ➢ ► ∙ ⁃ (`dejavu-fonts-ttf`, Bitstream Vera licence
 *   with public-domain changes, 0.7 MB a weight).
 * The files are read from node_modules where npm put them, never copied into the repository.
 */
export const REPORT_FONT_STACK = ["Noto Sans SC", "DejaVu Sans"];

const FONT_FILES: Record<string, Record<400 | 700, string>> = {
  "Noto Sans SC": {
    400: "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf",
    700: "@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf",
  },
  "DejaVu Sans": {
    400: "dejavu-fonts-ttf/ttf/DejaVuSans.ttf",
    700: "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf",
  },
};

let registered = false;

/**
 * Registers the report fonts and their line breaking (lib/reports/line-breaks.ts) with
 * react-pdf, once per process (react-pdf keeps registrations in a module-level store). A font
 * file is parsed on the first render that needs it: the first report in a process takes about
 * a second longer (docs/benchmarks.md, "Report PDFs"). Idempotent.
 * @throws {Error} naming the file when a font package is not installed.
 */
export function registerReportFonts(): void {
  if (registered) return;
  for (const [family, weights] of Object.entries(FONT_FILES)) {
    Font.register({ family, fonts: Object.entries(weights).map(([weight, file]) => ({ src: fontPath(file), fontWeight: Number(weight) })) });
  }
  Font.registerHyphenationCallback(reportWordBreaks);
  registered = true;
}

/**
 * A font file's path in the project's node_modules. From the working directory, where `next
 * start`, `next dev`, the tests and the benchmarks all run: the server bundle cannot resolve it
 * as a module (Turbopack turns a `require.resolve` of a computed name into a throw).
 */
function fontPath(file: string): string {
  const found = path.join(process.cwd(), "node_modules", file);
  if (!existsSync(found)) throw new Error(`The report font ${found} is missing: run npm install in the project folder.`);
  return found;
}
