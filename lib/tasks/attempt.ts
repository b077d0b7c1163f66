import type { Lane } from "./definitions";

/**
 * What a domain command run by the worker knows of the task attempt it runs in: whose task it
 * is and for which organisation (usage rows and ownership checks), which attempt (the usage row's `attempt`), its lane
 * (the governor's priority), its abort signal (timeout, shutdown) and whether the fallback
 * model should serve (a task's last attempt after retryable failures).
 */
export interface TaskAttempt {
  taskId: string;
  ownerId: string;
  /** The organisation the task's work is for (`tasks.organization_id`); null for a person's own work. */
  organizationId: string | null;
  attempt: number;
  lane: Lane;
  signal: AbortSignal;
  preferFallback: boolean;
}
