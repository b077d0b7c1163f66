import { z } from "zod";
import { MAX_KB_NAME_CHARS } from "@/lib/knowledge/service";
import { isUuid } from "@/lib/tasks/ids";

/** `POST /api/knowledge`: a name (1–120 characters after trimming); `shared` makes it the active organisation's. */
export const createKnowledgeBaseSchema = z.object({
  name: z.string().trim().min(1).max(MAX_KB_NAME_CHARS),
  shared: z.boolean().optional(),
});

/** `/api/knowledge/{id}/documents/{docId}…`: both ids UUIDs (a malformed one is the same 404 as a missing one). */
export const documentParams = z.object({ id: z.string().refine(isUuid), docId: z.string().refine(isUuid) });
