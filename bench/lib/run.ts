/**
 * Runs a benchmark's `main` and exits with its verdict: 0 when it reports `failed: false`, 1 when
 * it reports a failed validity check or throws (the error is printed).
 */
export async function runBench(main: () => Promise<{ failed: boolean }>): Promise<never> {
  let exitCode = 1;
  try {
    exitCode = (await main()).failed ? 1 : 0;
  } catch (err) {
    console.error("[bench] failed:", err);
  }
  process.exit(exitCode);
}
