import { z } from "zod";
import { COST_RANGES, GRANULARITIES } from "@/lib/console/contracts";
import { MAX_HOURLY_RANGE_HOURS, RANGE_HOURS } from "@/lib/console/cost";

/**
 * `GET /api/admin/cost?range=&granularity=`: `range` 24h | 48h (default) | 7d | 30d | 90d;
 * `granularity` hour | day, by default hourly up to 48 h and daily beyond; hourly buckets only
 * up to 7 days.
 */
export const costQuerySchema = z
  .object({
    range: z.enum(COST_RANGES).default("48h"),
    granularity: z.enum(GRANULARITIES).optional(),
  })
  .refine((q) => q.granularity !== "hour" || RANGE_HOURS[q.range] <= MAX_HOURLY_RANGE_HOURS, {
    path: ["granularity"],
    message: "Hourly buckets go back at most 7 days; ask for granularity=day.",
  });
