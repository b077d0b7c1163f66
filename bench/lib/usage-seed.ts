/**
 * Seeds a benchmark database with `llm_usage` rows and the `llm_usage_rollups` rows the meter
 * would have maintained for them, in set-based SQL (a million rows in seconds, not an hour of
 * single inserts). The rollups are built from the seeded rows with the same grouping the
 * meter's upsert uses (hour and day × provider × model × feature × user × organisation, ''
 * for null keys, histograms over `LATENCY_BUCKETS_MS`), so a query of either table answers the
 * same question with the same figures — which bench/console-queries.ts checks before timing.
 */
import type postgres from "postgres";
import { LATENCY_BUCKETS_MS } from "@/lib/finops/latency-buckets";

/** The shape of the seeded traffic. */
export type SeedShape = {
  /** Usage rows to add. */
  rows: number;
  /** Spread evenly over the last `days` days, up to now. */
  days: number;
  users: number;
  organizations: number;
};

const MODELS = [
  ["openai", "gpt-4o-mini"],
  ["openai", "gpt-4o"],
  ["deepseek", "deepseek-chat"],
  ["openai-compatible", "llama-3.1-70b"],
] as const;
const FEATURES = ["resume.analyze", "interview.plan", "interview.chat", "interview.evaluate"] as const;

/** SQL that maps a latency column (ms) to its histogram bucket index (0-based, overflow last). */
function bucketCase(column: string): string {
  const arms = LATENCY_BUCKETS_MS.map((bound, i) => `when ${column} <= ${bound} then ${i}`).join(" ");
  return `(case ${arms} else ${LATENCY_BUCKETS_MS.length} end)`;
}

/** `array[count(*) filter (where b = 0), …]` over the buckets of `bucketColumn`, nulls not counted. */
function histogram(bucketColumn: string): string {
  const n = LATENCY_BUCKETS_MS.length + 1;
  return `array[${Array.from({ length: n }, (_, i) => `(count(*) filter (where ${bucketColumn} = ${i}))::int`).join(", ")}]`;
}

/**
 * Creates `shape.users` users (ids `bench-user-<n>`) and `shape.organizations` organisations,
 * adds `shape.rows` usage rows (one model in four unpriced, one call in twenty an error, one in
 * ten a cache hit, chat calls streamed with a TTFT), then (re)builds every rollup from
 * `llm_usage`. Idempotent per run: call it again with more rows to grow the table.
 * @param sql a connection to the benchmark database (migrated).
 */
export async function seedUsage(sql: postgres.Sql, shape: SeedShape): Promise<void> {
  await sql`insert into "user" (id, name, email) select 'bench-user-' || g, 'Bench user ' || g, 'bench-' || g || '@example.com' from generate_series(1, ${shape.users}) g on conflict do nothing`;
  await sql`insert into organization (id, name, slug, created_at) select 'bench-org-' || g, 'Bench org ' || g, 'bench-org-' || g, now() from generate_series(1, ${shape.organizations}) g on conflict do nothing`;
  const models = sql.unsafe(`(values ${MODELS.map(([p, m], i) => `(${i}, '${p}', '${m}')`).join(", ")}) as m(i, provider, model)`);
  const features = sql.unsafe(`(values ${FEATURES.map((f, i) => `(${i}, '${f}')`).join(", ")}) as f(i, feature)`);
  const spanS = shape.days * 86_400;
  await sql`
    insert into llm_usage (call_id, user_id, organization_id, feature, provider, model, input_tokens, cached_input_tokens,
      output_tokens, cost_micro_usd, latency_ms, ttft_ms, outcome, cache_hit, saved_micro_usd, created_at)
    select gen_random_uuid(),
      'bench-user-' || (1 + (g * 7919) % ${shape.users}),
      case when g % 3 = 0 then 'bench-org-' || (1 + g % ${shape.organizations}) end,
      f.feature, m.provider, m.model,
      800 + g % 1200, (g % 5) * 100, 150 + g % 400,
      case when m.i = 3 then null when g % 10 = 0 then 0 else 100 + g % 900 end,
      200 + (g * 104729) % 40000,
      case when f.i = 2 then 100 + g % 3000 end,
      case when g % 20 = 0 then 'rate_limited' when g % 37 = 0 then 'timeout' else 'ok' end,
      g % 10 = 0, case when g % 10 = 0 then 500 else 0 end,
      now() - make_interval(secs => (g::bigint * ${spanS} / ${shape.rows}) % ${spanS})
    from generate_series(1::bigint, ${shape.rows}::bigint) g
    join ${models} on m.i = g % ${MODELS.length}
    join ${features} on f.i = (g / ${MODELS.length}) % ${FEATURES.length}`;
  await sql`truncate llm_usage_rollups`;
  // The three cubes the meter maintains (docs/finops.md, "Rollups"): totals by hour and day,
  // per user and per organisation by day and month.
  const cubes = [
    { granularity: "hour", user: "''", org: "''", where: "true" },
    { granularity: "day", user: "''", org: "''", where: "true" },
    { granularity: "day", user: "user_id", org: "''", where: "user_id is not null" },
    { granularity: "month", user: "user_id", org: "''", where: "user_id is not null" },
    { granularity: "day", user: "''", org: "organization_id", where: "organization_id is not null" },
    { granularity: "month", user: "''", org: "organization_id", where: "organization_id is not null" },
  ];
  for (const c of cubes) {
    await sql.unsafe(`
      insert into llm_usage_rollups (granularity, bucket_start, provider, model, feature, user_id, organization_id, requests, errors,
        rate_limited, input_tokens, cached_input_tokens, output_tokens, reasoning_tokens, cost_micro_usd, unpriced_requests,
        estimated_requests, cache_hits, saved_micro_usd, latency_ms_sum, latency_buckets, ttft_count, ttft_ms_sum, ttft_buckets)
      select '${c.granularity}', date_trunc('${c.granularity}', created_at, 'UTC'), provider, model, feature, ${c.user}, ${c.org},
        count(*), count(*) filter (where outcome <> 'ok'), count(*) filter (where outcome = 'rate_limited'),
        sum(input_tokens), sum(cached_input_tokens), sum(output_tokens), sum(reasoning_tokens), coalesce(sum(cost_micro_usd), 0),
        count(*) filter (where cost_micro_usd is null), count(*) filter (where estimated), count(*) filter (where cache_hit),
        sum(saved_micro_usd), sum(latency_ms), ${histogram("lb")}, count(ttft_ms), coalesce(sum(ttft_ms), 0), ${histogram("tb")}
      from (select *, ${bucketCase("latency_ms")} as lb, case when ttft_ms is not null then ${bucketCase("ttft_ms")} end as tb
            from llm_usage where ${c.where}) u
      group by 1, 2, 3, 4, 5, 6, 7`);
  }
  await sql`analyze llm_usage`;
  await sql`analyze llm_usage_rollups`;
}
