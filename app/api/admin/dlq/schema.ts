import { z } from "zod";
import { pageQuery } from "../tasks/schema";

/** Ids one replay or discard request may name. */
const MAX_IDS = 500;
const taskIds = z.array(z.uuid()).min(1).max(MAX_IDS);

/** `GET /api/admin/dlq?before=&limit=` */
export const dlqQuerySchema = z.object(pageQuery);

/** `POST /api/admin/dlq/replay`: `{taskIds}` (1–500), or `{all: true}` for the whole DLQ (oldest first, up to REPLAY_ALL_MAX per request). */
export const replayBodySchema = z.union([z.strictObject({ taskIds }), z.strictObject({ all: z.literal(true) })]);

/** `POST /api/admin/dlq/discard`: `{taskIds}` (1–500). */
export const discardBodySchema = z.strictObject({ taskIds });
