import { z } from "zod";
import { isUuid } from "@/lib/tasks/ids";
import { TASK_STATUSES } from "@/lib/tasks/status";

/** An empty form field (`?type=`) means "any", not a value that fails. */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());

/** Keyset paging of the console's task lists: `before` is the last id of the previous page; `limit` 1–100 (default 50). */
export const pageQuery = {
  before: z.preprocess(blankToUndefined, z.string().refine(isUuid, "Not a task id.").optional()),
  limit: z.coerce.number().int().min(1).max(100).default(50),
};

/** `GET /api/admin/tasks?status=&type=&user=&organization=&before=&limit=` — every filter optional. */
export const adminTasksQuerySchema = z.object({
  status: z.preprocess(blankToUndefined, z.enum(TASK_STATUSES).optional()),
  type: optionalText(100),
  /** The owner's e-mail address, matched exactly (case-insensitive). */
  user: optionalText(320),
  /** An organisation id or slug. */
  organization: optionalText(200),
  ...pageQuery,
});
