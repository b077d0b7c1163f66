import { z } from "zod";
import { APPLICATION_STAGE_VALUES } from "@/lib/jobs/contracts";

/** `GET /api/jobs/{id}/ranking` query: `?minFit=60&skill=Go&skill=SQL&stage=new&blind=false&format=csv`. */
export const rankingQuerySchema = z.object({
  minFit: z.coerce.number().min(0).max(100).optional(),
  /** Checked here as one value; every repeated value is read by {@link rankingListsSchema}. */
  skill: z.string().trim().min(1).max(100).optional(),
  stage: z.enum(APPLICATION_STAGE_VALUES).optional(),
  /** Blind screening, on unless `false` (docs/fairness.md). */
  blind: z.enum(["true", "false"]).default("true"),
  format: z.enum(["json", "csv"]).default("json"),
});

/** The repeatable filters, every value (`searchParams.getAll`). */
export const rankingListsSchema = z.object({
  skill: z.array(z.string().trim().min(1).max(100)).max(20),
  stage: z.array(z.enum(APPLICATION_STAGE_VALUES)).max(APPLICATION_STAGE_VALUES.length),
});
