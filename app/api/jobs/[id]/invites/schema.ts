import { z } from "zod";
import { LEVELS, QUESTION_COUNT } from "@/lib/interview/schemas";

/** `POST /api/jobs/{id}/invites`: whom it is for (shown, not enforced) and the interview's settings; unset ones come from the job. */
export const createInviteSchema = z.object({
  email: z.email().max(320).optional(),
  level: z.enum(LEVELS).optional(),
  questionCount: z.number().int().min(QUESTION_COUNT.min).max(QUESTION_COUNT.max).optional(),
  language: z.enum(["en", "zh"]).optional(),
});
