/**
 * Chaos 4: poison tasks — inputs that can never succeed — mixed into a normal run. Each costs
 * exactly one attempt, ends TERMINATED_BY_POLICY with its reason, its message is ACKed, nothing
 * lands in the DLQ, and the other tasks complete. See docs/testing.md "Chaos tests".
 */
import "../helpers/env";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertTask } from "@/lib/db/queries/tasks";
import { tasks } from "@/lib/db/schema";
import { createLogger } from "@/lib/log";
import { CONSUMER_GROUP, dlqKey, streamKey } from "@/lib/queue/names";
import { publishTask } from "@/lib/queue/producer";
import { acceptResumeUpload } from "@/lib/resume/service";
import type { FakeLlm } from "@/scripts/fake-llm/server";
import { corpusPath } from "../corpus-dir";
import {
  chaosTag,
  createResumeTasks,
  Fleet,
  pendingEntries,
  resumeBytes,
  streamsReport,
  taskEffects,
  until,
  upstreamCallsByMarker,
  waitForAllEnded,
} from "./harness";
import { chaosKit } from "./kit";

const GOOD = 80;
let llm: FakeLlm;
let ownerId: string;
const { db, redis, workerEnv } = chaosKit("chaos-poison", {}, (s) => {
  ({ llm, ownerId } = s);
});
const log = createLogger("chaos");

describe("chaos: poison tasks", () => {
  it("each poison task costs one attempt and ends TERMINATED_BY_POLICY, ACKed, while the rest complete", async () => {
    const tag = chaosTag("poison");
    const fleet = new Fleet({ ...workerEnv(), leaseMs: 3_000, concurrency: 4 });
    fleet.start();
    fleet.start();
    const deps = { db, redis, log };
    const upload = async (fileName: string, bytes: Buffer) => (await acceptResumeUpload(deps, { ownerId, fileName, bytes, jobDescription: null })).task.id;
    const rawTask = async (payload: Record<string, unknown>) => {
      const t = await insertTask(db, { type: "resume.analyze", lane: "interactive", ownerId, payload });
      await publishTask(redis, db, t);
      return t.id;
    };

    const goodFirst = createResumeTasks({ db, redis }, { ownerId, tag, n: GOOD / 2, parallel: 2 });
    // What can never succeed, with the code it must end with and the upstream calls it may cost.
    const poison = [
      {
        what: "a scanned PDF with no text layer",
        code: "no_text_layer",
        calls: 0,
        id: await upload("scan.pdf", readFileSync(corpusPath("edge-pdf/scanned-image-only-no-text.pdf"))),
      },
      { what: "a payload the handler rejects", code: "bad_payload", calls: 0, id: await rawTask({ resumeId: "not-a-uuid" }) },
      { what: "a resume that no longer exists", code: "not_found", calls: 0, id: await rawTask({ resumeId: randomUUID() }) },
      {
        what: "an upstream content-policy refusal",
        code: "content_policy",
        calls: 1,
        marker: `${tag}-9001`,
        id: await upload("policy.txt", resumeBytes(`${tag}-9001`, "[[fault:content_policy]]")),
      },
      {
        what: "a prompt over the context window",
        code: "context_length",
        calls: 1,
        marker: `${tag}-9002`,
        id: await upload("context.txt", resumeBytes(`${tag}-9002`, "[[fault:context_length]]")),
      },
    ];
    const good = [...(await goodFirst), ...(await createResumeTasks({ db, redis }, { ownerId, tag, n: GOOD / 2, from: GOOD / 2, parallel: 2 }))];

    const counts = await waitForAllEnded(db, { ownerId, expected: GOOD + poison.length, timeoutMs: 120_000, redis, diagnose: () => fleet.describe() });
    expect(counts).toEqual({ COMPLETED: GOOD, TERMINATED_BY_POLICY: poison.length });

    // Every entry ACKed (an ACK follows its commit by a moment). From here nothing can change:
    // an ended task cannot be claimed again, and with nothing pending nothing is redelivered —
    // so the checks below need no waiting period for a wrongful retry to show.
    await until(async () => (await pendingEntries(redis)) === 0, { timeoutMs: 30_000, what: () => "entries still pending after every task ended" });
    const effects = await taskEffects(db, ownerId);
    const calls = upstreamCallsByMarker(llm, tag);
    for (const p of poison) {
      const e = effects.get(p.id)!;
      expect({ what: p.what, status: e.status, attempts: e.attempts, errorCode: e.errorCode, analyses: e.analyses }).toEqual({
        what: p.what,
        status: "TERMINATED_BY_POLICY",
        attempts: 1,
        errorCode: p.code,
        analyses: 0,
      });
      if (p.marker) expect({ what: p.what, calls: calls.get(p.marker)?.all ?? 0 }).toEqual({ what: p.what, calls: p.calls });
      // Its stream entry was ACKed: not in the group's pending list. (Its entry id is a hint the
      // producer records in the background, skipped if a claim held the row: then the empty
      // PEL checked above is what says so.)
      const [row] = await db.select({ messageId: tasks.messageId, lane: tasks.lane }).from(tasks).where(eq(tasks.id, p.id));
      if (row.messageId !== null) {
        const stillPending = await redis.xpending(streamKey("resume.analyze", row.lane), CONSUMER_GROUP, row.messageId, row.messageId, 10);
        expect({ what: p.what, stillPending }).toEqual({ what: p.what, stillPending: [] });
      }
    }
    for (const g of good) expect(effects.get(g.taskId)).toMatchObject({ status: "COMPLETED", analyses: 1 });
    expect(await redis.xlen(dlqKey("resume.analyze"))).toBe(0);
    expect(await pendingEntries(redis), await streamsReport(redis)).toBe(0);
    await fleet.stopAll();
  }, 180_000);
});
