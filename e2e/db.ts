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

/**
 * What the page matrix needs of candidates and recruiters together, seeded for the organisation
 * of `recruiterEmail` and a second one of its own: an open job of each; shares of
 * `interviewId` with each (the recruiter's own and another organisation's); and one fresh
 * invitation link per `tokens` entry on the recruiter's job (to be accepted through the API).
 * The job routes are another domain's, and no page makes a second organisation.
 */
export async function seedRecruiting(
  sql: ReturnType<typeof e2eDatabase>,
  s: { recruiterEmail: string; interviewId: string; tokens: string[] },
): Promise<{ ownJobId: string; foreignJobId: string; ownShareId: string; foreignShareId: string }> {
  const [{ organizationId }] = await sql<{ organizationId: string }[]>`
    select m.organization_id as "organizationId" from member m join "user" u on u.id = m.user_id where u.email = ${s.recruiterEmail} limit 1`;
  const tag = Math.random().toString(36).slice(2, 10);
  const otherId = `org_e2e_${tag}`;
  await sql`insert into organization (id, name, slug, created_at) values (${otherId}, ${`Other ${tag}`}, ${`other-${tag}`}, now())`;
  const job = async (org: string) =>
    (
      await sql<{ id: string }[]>`insert into jobs (organization_id, title, description) values (${org}, 'Backend Engineer', 'Go and PostgreSQL.') returning id`
    )[0]!.id;
  const [ownJobId, foreignJobId] = [await job(organizationId), await job(otherId)];
  const share = async (org: string) =>
    (
      await sql<{ id: string }[]>`insert into report_shares (interview_id, organization_id, shared_by)
        select id, ${org}, owner_id from interviews where id = ${s.interviewId} returning id`
    )[0]!.id;
  const [ownShareId, foreignShareId] = [await share(organizationId), await share(otherId)];
  for (const token of s.tokens) {
    await sql`insert into interview_invites (job_id, organization_id, token, role, level, question_count, language, expires_at)
      values (${ownJobId}, ${organizationId}, ${token}, 'Backend Engineer', 'mid', 5, 'en', now() + interval '1 day')`;
  }
  return { ownJobId, foreignJobId, ownShareId, foreignShareId };
}
