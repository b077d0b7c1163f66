import { getDb } from "@/lib/db/client";
import { rankJob } from "@/lib/jobs/ranking-service";
import { toRankingBody, toRankingCsv } from "@/lib/jobs/ranking-view";
import { assertNoControlChars, idParams, parseWith } from "../../../_lib/input";
import { methodNotAllowed } from "../../../_lib/method-not-allowed";
import { route } from "../../../_lib/route";
import { rankingListsSchema, rankingQuerySchema } from "./schema";

export const dynamic = "force-dynamic";

/** The job's analysed applications by fit, best first, blind unless `blind=false`; `format=csv` downloads it. */
export const GET = route({
  permission: "job:read",
  params: idParams,
  notFound: "not_found:job",
  query: rankingQuerySchema,
  handler: async ({ req, scope, params, query }) => {
    const sp = new URL(req.url).searchParams;
    const lists = { skill: sp.getAll("skill"), stage: sp.getAll("stage") };
    assertNoControlChars(lists, "query");
    const { skill, stage } = parseWith(rankingListsSchema, lists);
    const ranking = await rankJob(
      { db: getDb() },
      { organizationId: scope.organizationId, jobId: params.id, filters: { minFit: query.minFit, skills: skill, stages: stage } },
    );
    const body = toRankingBody(ranking, { blind: query.blind === "true" });
    if (query.format === "json") return Response.json(body);
    return new Response(toRankingCsv(body), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="ranking-${params.id}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  },
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
