/**
 * Benchmark settings from `BENCH_*` environment variables (the house pattern of
 * bench/interview-chat-streams.ts): each knob has a default, a run with every knob at its
 * default is a "default-settings run", and only such a run rewrites docs/benchmarks.md.
 */
export class Knobs<K extends string> {
  private readonly values = new Map<K, number>();

  /** @param defaults knob name → default (non-negative integers). */
  constructor(private readonly defaults: Record<K, number>) {
    for (const [name, dflt] of Object.entries(defaults) as [K, number][]) this.values.set(name, readInt(name, dflt));
  }

  get(name: K): number {
    return this.values.get(name)!;
  }

  /** True when every knob has its default value and no `extra` variable is set. */
  isDefault(extra: string[] = []): boolean {
    return [...this.values].every(([k, v]) => v === this.defaults[k]) && extra.every((e) => !process.env[e]);
  }

  /** The command that reproduces this run: the knobs that were set, then `npx tsx <script>`. */
  commandLine(script: string, extra: string[] = []): string {
    const set = [...Object.keys(this.defaults), ...extra].filter((k) => process.env[k] !== undefined).map((k) => `${k}=${process.env[k]}`);
    return [...set, "npx tsx", script].join(" ");
  }
}

/**
 * A non-negative integer from the environment.
 * @throws {Error} when the variable is set to anything else.
 */
export function readInt(name: string, dflt: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return dflt;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got ${raw}`);
  return n;
}
