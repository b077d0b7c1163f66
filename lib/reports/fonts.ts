import { createRequire } from "node:module";
import { Font } from "@react-pdf/renderer";
import { reportWordBreaks } from "./line-breaks";

/** The one family of every report: Noto Sans SC carries Latin and CJK glyphs, so "熟悉 Kubernetes" needs no fallback. */
export const REPORT_FONT_FAMILY = "Noto Sans SC";

/**
 * The static TrueType files of `@expo-google-fonts/noto-sans-sc` (Google Fonts' Noto Sans SC,
 * SIL OFL 1.1, about 10.5 MB each), read from node_modules where npm put them, never copied
 * into the repository. react-pdf needs one whole TTF/OTF per weight: the unicode-range WOFF2
 * subsets that @fontsource ships cannot back one font family.
 */
const FONT_FILES = {
  400: "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf",
  700: "@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf",
} as const;

let registered = false;

/**
 * Registers the report font and its line breaking (lib/reports/line-breaks.ts) with react-pdf, once per process (react-pdf keeps registrations in
 * a module-level store; the file is parsed on the first render that uses it, about 150 ms —
 * docs/benchmarks.md). Idempotent.
 */
export function registerReportFonts(): void {
  if (registered) return;
  const require = createRequire(import.meta.url);
  Font.register({
    family: REPORT_FONT_FAMILY,
    fonts: Object.entries(FONT_FILES).map(([weight, file]) => ({ src: require.resolve(file), fontWeight: Number(weight) })),
  });
  Font.registerHyphenationCallback(reportWordBreaks);
  registered = true;
}
