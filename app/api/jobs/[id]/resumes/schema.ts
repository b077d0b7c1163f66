import { z } from "zod";
import { isUuid } from "@/lib/tasks/ids";

/** `[id]/resumes/[resumeId]` params: two UUIDs; anything else is a 404. */
export const jobResumeParams = z.object({ id: z.string().refine(isUuid), resumeId: z.string().refine(isUuid) });
