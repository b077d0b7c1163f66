/**
 * Every task type, defined once: its name, the payload its row carries (zod), the lanes it may
 * be submitted to and how many attempts it gets (docs/architecture.md, "The task pipeline").
 * The stream names (`lib/queue/names.ts`), the producers (each domain's `service.ts`) and the
 * worker's handler table (`worker/handlers/index.ts`) all derive from this table; a new task
 * type is one entry here plus one handler there, and the type checker asks for the handler.
 *
 * No domain imports: the pipeline reads this table, and `lib/queue` never imports a domain.
 */
import { type ZodType, z } from "zod";

/** The two lanes of every task type (interactive: a person is waiting; batch: bulk work). */
export const LANES = ["interactive", "batch"] as const;
export type Lane = (typeof LANES)[number];

interface TaskDefinition<P> {
  /** Where the row's `payload` comes from; the worker parses it with the same schema. */
  payloadSchema: ZodType<P>;
  /** Lanes a producer may submit it to; the first is the default. */
  lanes: readonly [Lane, ...Lane[]];
  /** Attempts before the task ends FAILED (retryable failures only; capacity refusals spend none). */
  maxAttempts: number;
}

function define<P>(d: TaskDefinition<P>): TaskDefinition<P> {
  return d;
}

/** The table. Keys are the task types (`<domain>.<verb>`), also part of the stream names. */
export const TASK_DEFINITIONS = {
  /** Extract a resume's text and analyse it (offline engine or model). Bulk uploads and re-analyses use batch. */
  "resume.analyze": define({ payloadSchema: z.object({ resumeId: z.uuid() }), lanes: ["interactive", "batch"], maxAttempts: 3 }),
  /** Plan a mock interview's questions; the candidate waits for it. */
  "interview.plan": define({ payloadSchema: z.object({ interviewId: z.uuid() }), lanes: ["interactive"], maxAttempts: 3 }),
  /** Evaluate an ended interview's transcript into a report; the candidate waits for it. */
  "interview.evaluate": define({ payloadSchema: z.object({ interviewId: z.uuid() }), lanes: ["interactive"], maxAttempts: 3 }),
  /** Refine a new job's required and preferred skills with the model; the recruiter waits for it. */
  "job.skills": define({ payloadSchema: z.object({ jobId: z.uuid() }), lanes: ["interactive"], maxAttempts: 3 }),
  /** Re-score a sample of a job's resumes with names, pronouns and gendered words swapped (docs/fairness.md); bulk work of an organisation. */
  "job.fairness_audit": define({ payloadSchema: z.object({ auditId: z.uuid() }), lanes: ["batch"], maxAttempts: 3 }),
  /** Extract, chunk and embed one knowledge-base document into the vector store (docs/knowledge.md). Bulk uploads (> 10 files) and model changes use batch. */
  "kb.vectorize": define({ payloadSchema: z.object({ documentId: z.uuid() }), lanes: ["interactive", "batch"], maxAttempts: 3 }),
} as const;

export type TaskType = keyof typeof TASK_DEFINITIONS;
/** Every task type, in table order (the order the consumer's round-robin starts from). */
export const TASK_TYPES = Object.keys(TASK_DEFINITIONS) as TaskType[];
/** The payload of a task of type `T`. */
export type TaskPayload<T extends TaskType> = z.infer<(typeof TASK_DEFINITIONS)[T]["payloadSchema"]>;

/** A task row to insert (`insertTask` / `insertTasks` in `lib/db/queries/tasks.ts`). */
export interface NewTask {
  type: TaskType;
  lane: Lane;
  ownerId: string;
  payload: Record<string, unknown>;
  maxAttempts: number;
  callbackUrl: string | null;
  /** The organisation the work is done for (a recruiter's job); null for a person's own work. */
  organizationId: string | null;
  /** The batch lane's fair-queuing group (lib/queue/fair-feeder.ts); null = published at once. */
  fairKey: string | null;
}

/**
 * The row of a new task of `type`, from its definition: the payload checked against the
 * definition's schema, the lane (default: the definition's first) checked against its lanes,
 * `maxAttempts` from the definition. A `fairKey` (the organisation of a recruiter's bulk work) is
 * for batch-lane tasks only: the fair feeder admits them, group by group.
 * @throws ZodError when the payload does not fit; Error when the lane is not one of the type's,
 *   or a `fairKey` is given for the interactive lane.
 */
export function newTask<T extends TaskType>(
  type: T,
  t: { ownerId: string; payload: TaskPayload<T>; lane?: Lane; callbackUrl?: string | null; organizationId?: string | null; fairKey?: string | null },
): NewTask {
  const def: TaskDefinition<unknown> = TASK_DEFINITIONS[type];
  const lane = t.lane ?? def.lanes[0];
  if (!def.lanes.includes(lane)) throw new Error(`${type} tasks do not go to the ${lane} lane (lanes: ${def.lanes.join(", ")})`);
  if (t.fairKey && lane !== "batch") throw new Error("only batch-lane tasks are fair-queued");
  return {
    type,
    lane,
    ownerId: t.ownerId,
    payload: def.payloadSchema.parse(t.payload) as Record<string, unknown>,
    maxAttempts: def.maxAttempts,
    callbackUrl: t.callbackUrl ?? null,
    organizationId: t.organizationId ?? null,
    fairKey: t.fairKey ?? null,
  };
}
