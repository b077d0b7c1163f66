import postgres from "postgres";

/**
 * A connection to the database the e2e server runs on (`E2E_DATABASE_NAME` on the server of
 * `DATABASE_URL`, as scripts/e2e-serve.mjs creates it), for specs that must seed what no page
 * can create — usage rollups, say. Close it with `sql.end()`.
 */
export function e2eDatabase() {
  const name = process.env.E2E_DATABASE_NAME;
  if (!name) throw new Error("E2E_DATABASE_NAME is not set: run the spec through playwright.config.ts");
  const url = new URL(process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
  url.pathname = `/${name}`;
  return postgres(url.toString(), { max: 1, onnotice: () => {} });
}

/** One usage rollup row (hour or day) to add; sums add to a row already there, as the rollup writer does. */
export type RollupSeed = {
  granularity: "hour" | "day";
  bucketStart: Date;
  provider: string;
  model: string;
  feature: string;
  requests: number;
  inputTokens: number;
  outputTokens: number;
  costMicroUsd: number;
  unpricedRequests?: number;
  /** Counts per latency bucket (lib/finops/latency-buckets.ts). */
  latencyBuckets?: number[];
};

/** Adds rollup rows (no user, no organisation). */
export async function addRollups(sql: ReturnType<typeof e2eDatabase>, rows: RollupSeed[]): Promise<void> {
  for (const r of rows) {
    await sql`
      insert into llm_usage_rollups (granularity, bucket_start, provider, model, feature, requests, input_tokens, output_tokens, cost_micro_usd, unpriced_requests, latency_buckets)
      values (${r.granularity}, ${r.bucketStart}, ${r.provider}, ${r.model}, ${r.feature}, ${r.requests}, ${r.inputTokens}, ${r.outputTokens}, ${r.costMicroUsd}, ${r.unpricedRequests ?? 0}, ${r.latencyBuckets ?? []}::int[])
      on conflict (granularity, bucket_start, provider, model, feature, user_id, organization_id) do update set
        requests = llm_usage_rollups.requests + excluded.requests,
        input_tokens = llm_usage_rollups.input_tokens + excluded.input_tokens,
        output_tokens = llm_usage_rollups.output_tokens + excluded.output_tokens,
        cost_micro_usd = llm_usage_rollups.cost_micro_usd + excluded.cost_micro_usd,
        unpriced_requests = llm_usage_rollups.unpriced_requests + excluded.unpriced_requests`;
  }
}
