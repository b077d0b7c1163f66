import { z } from "zod";

/** `[shareId]` of `/api/shared-reports/{shareId}`. */
export const sharedReportParams = z.object({ shareId: z.uuid() });
