import type { Db } from "@/lib/db/client";
import { createInterview, savePlan } from "@/lib/db/queries/interviews";
import { buildOfflinePlan } from "@/lib/interview/offline";
import type { Plan } from "@/lib/interview/schemas";
import { newTask } from "@/lib/tasks/definitions";

const SETTINGS = { role: "backend engineer", level: "mid", questionCount: 5, language: "en" } as const;

/** A 5-question backend interview of `ownerId`, its plan task created but not run (the plan is null). */
export async function unplannedInterview(db: Db, ownerId: string) {
  const { interview, task } = await createInterview(db, { ownerId, ...SETTINGS, resumeId: null, jobDescription: null }, (interviewId) =>
    newTask("interview.plan", { ownerId, payload: { interviewId } }),
  );
  return { interview, task };
}

/** The same interview with the offline planner's plan stored, ready to chat (no worker needed). */
export async function plannedInterview(db: Db, ownerId: string): Promise<{ id: string; plan: Plan }> {
  const { interview } = await unplannedInterview(db, ownerId);
  const plan = buildOfflinePlan(SETTINGS);
  await db.transaction((tx) => savePlan(tx, { interviewId: interview.id, plan, engine: "offline" }));
  return { id: interview.id, plan };
}
