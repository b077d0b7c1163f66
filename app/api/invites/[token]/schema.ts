import { z } from "zod";
import { INVITE_TOKEN_PATTERN } from "@/lib/jobs/invite-service";

/** `[token]` of `/api/invites/{token}`: the link's 32 random bytes, base64url. */
export const inviteParams = z.object({ token: z.string().regex(INVITE_TOKEN_PATTERN) });

/** `POST /api/invites/{token}/accept`: whether the report goes to the organisation once it is written. */
export const acceptInviteSchema = z.object({ shareReport: z.boolean() });
