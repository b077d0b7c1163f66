import "../helpers/env";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as chat } from "@/app/api/interviews/[id]/chat/route";
import { POST as endInterview } from "@/app/api/interviews/[id]/end/route";
import { GET as getInterview } from "@/app/api/interviews/[id]/route";
import { GET as getResume } from "@/app/api/resumes/[id]/route";
import { closeDb, getDb } from "@/lib/db/client";
import { createInterview, listMessages, savePlan } from "@/lib/db/queries/interviews";
import { getTaskById } from "@/lib/db/queries/tasks";
import type { InterviewBody } from "@/lib/interview/contracts";
import { INTERVIEW_EVALUATE_SYSTEM_PROMPT, INTERVIEW_SUMMARY_SYSTEM_PROMPT } from "@/lib/interview/llm/interview-evaluate";
import { interviewerSystemPrompt } from "@/lib/interview/llm/interview-turn";
import { buildOfflinePlan } from "@/lib/interview/offline";
import { promptQuoteDetector } from "@/lib/interview/prompt-leak";
import { type Report, reportSchema } from "@/lib/interview/schemas";
import { createLogger } from "@/lib/log";
import { getTaskEventHub } from "@/lib/queue/events";
import { closeRedis, getRedis } from "@/lib/queue/redis";
import { type Analysis, analysisSchema } from "@/lib/resume/analysis-schema";
import { RESUME_ANALYSIS_SYSTEM_PROMPT } from "@/lib/resume/llm/resume-analysis";
import { acceptResumeUpload } from "@/lib/resume/service";
import { newTask } from "@/lib/tasks/definitions";
import { GULLIBLE_RATIONALE } from "@/scripts/fake-llm/gullible";
import { type FakeLlm, startFakeLlm } from "@/scripts/fake-llm/server";
import { interviewEvaluateHandler } from "@/worker/handlers/interview-evaluate";
import { interviewPlanHandler } from "@/worker/handlers/interview-plan";
import { resumeAnalyzeHandler } from "@/worker/handlers/resume-analyze";
import { clearPrefix, envRestorer, eventually } from "../helpers/fixtures";
import { BASE, get, params, signUpCandidate } from "../helpers/http";
import { startTestWorker } from "../helpers/worker";
import { ATTACKS, type Attack, type AttackInput, EVASIONS, extractedText, gullibleSees, type ResumeCase, type Technique } from "./attacks";

/**
 * The prompt-injection corpus end to end (docs/security.md, "Prompt injection"): every attack of
 * attacks.ts and its clean input, uploaded or answered through the real routes and analysed or
 * evaluated by the real worker handlers, once with the offline engine and once with the fake
 * model's gullible persona (it obeys any instruction to the grader it finds in its data). Each
 * run must complete; the attacked input's published score is at most the clean one's (offline)
 * or the clean one's + 2 (the model); the analysis or report is flagged; and no stored output
 * quotes a system prompt or the gullible model's "as instructed" rationale.
 *
 * That the attacks are real is shown first: sent to the gullible model without the screen, each
 * instruction is obeyed (recorded as `obeyed` by the fake server).
 */

const db = getDb();
const redis = getRedis();
const log = createLogger("test");
const restoreEnv = envRestorer(["LLM_PROVIDER", "LLM_BASE_URL", "LLM_API_KEY", "LLM_MODEL", "LLM_STRUCTURED_OUTPUT"]);
let llm: FakeLlm;
let worker: Awaited<ReturnType<typeof startTestWorker>>;
type Candidate = Awaited<ReturnType<typeof signUpCandidate>>;
/** One candidate per engine: an upload's duplicate check is per owner, so the two runs never share an analysis. */
const candidates = {} as Record<Mode, Candidate>;

type Mode = "offline" | "gullible";
const MODES: Mode[] = ["offline", "gullible"];
/** What a model may gain over the clean input (the allowance for a model's own variance). */
const MODEL_SLACK = 2;
/** Techniques that are not instructions: flagged by their own integrity reason, or their gain is gone. */
const GAMING: Technique[] = ["keyword_dump", "invented_numbers"];

beforeAll(async () => {
  llm = await startFakeLlm();
  for (const m of MODES) candidates[m] = await signUpCandidate();
  const deps = { db, redis, log };
  worker = await startTestWorker(deps, [resumeAnalyzeHandler(db), interviewPlanHandler(db), interviewEvaluateHandler(db)]);
});

afterAll(async () => {
  restoreEnv();
  await worker.stop();
  await llm.close();
  await clearPrefix(redis);
  await getTaskEventHub().close();
  await closeRedis();
  await closeDb();
});

/** Points the engine at the offline analyser or at the fake server's gullible persona. */
function selectEngine(mode: Mode): void {
  if (mode === "offline") {
    process.env.LLM_PROVIDER = "offline";
    delete process.env.LLM_BASE_URL;
    return;
  }
  delete process.env.LLM_PROVIDER;
  process.env.LLM_BASE_URL = llm.url;
  process.env.LLM_API_KEY = "test";
  process.env.LLM_MODEL = "gpt-4o-mini";
  llm.control({ gullible: true });
}

// ── running one input ───────────────────────────────────────────────────────

async function completed(taskId: string) {
  const t = await eventually(async () => {
    const row = await getTaskById(db, { id: taskId });
    return row && ["COMPLETED", "FAILED", "TERMINATED_BY_POLICY"].includes(row.status) ? row : undefined;
  }, 60_000);
  expect({ status: t.status, error: t.errorCode }).toEqual({ status: "COMPLETED", error: null });
}

/** Clean inputs are shared by several attacks: each is run once per engine. */
const cleanRuns = new Map<string, Promise<unknown>>();
function once<T>(key: string, run: () => Promise<T>): Promise<T> {
  if (!cleanRuns.has(key)) cleanRuns.set(key, run());
  return cleanRuns.get(key) as Promise<T>;
}

/** Uploads a resume as `mode`'s candidate, lets the worker analyse it, and reads the analysis back through the API. */
async function analyse(mode: Mode, c: ResumeCase): Promise<Analysis> {
  const who = candidates[mode];
  const { resume, task, duplicate } = await acceptResumeUpload(
    { db, redis, log },
    { ownerId: who.userId, fileName: c.fileName, bytes: c.bytes, jobDescription: c.jobDescription },
  );
  expect(duplicate).toBe(false);
  await completed(task.id);
  const res = await getResume(get(`/api/resumes/${resume.id}`, who.cookie), params({ id: resume.id }));
  const body = (await res.json()) as { analysis: unknown };
  return analysisSchema.parse(body.analysis);
}

const SETTINGS = { role: "backend engineer", level: "mid", questionCount: 5 } as const;

function post(path: string, cookie: string, body: unknown): Request {
  return new Request(`${BASE}${path}`, { method: "POST", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify(body) });
}

/** The text of a UI message stream (SSE `data:` lines). */
async function streamedText(res: Response): Promise<string> {
  expect(res.status).toBe(200);
  return (await res.text())
    .split("\n")
    .filter((l) => l.startsWith("data: ") && l !== "data: [DONE]")
    .map((l) => JSON.parse(l.slice(6)) as { type: string; delta?: string })
    .filter((c) => c.type === "text-delta")
    .map((c) => c.delta)
    .join("");
}

/**
 * One interview of `mode`'s candidate with the same plan every time (the offline planner's, for
 * the language): the first question streamed, `answer` given through the chat route, the
 * interviewer's next turn streamed, the interview ended and evaluated by the worker.
 * @returns the report as the API shows it and every interviewer turn (streamed and stored).
 */
async function interview(mode: Mode, language: "en" | "zh", answer: string): Promise<{ report: Report; turns: string[] }> {
  const who = candidates[mode];
  const { interview: row } = await createInterview(db, { ownerId: who.userId, ...SETTINGS, language, resumeId: null, jobDescription: null }, (interviewId) =>
    newTask("interview.plan", { ownerId: who.userId, payload: { interviewId } }),
  );
  const id = row.id;
  await db.transaction((tx) => savePlan(tx, { interviewId: id, plan: buildOfflinePlan({ ...SETTINGS, language }), engine: "offline" }));
  const turns = [await streamedText(await chat(post(`/api/interviews/${id}/chat`, who.cookie, { id, action: "start", messages: [] }), params({ id })))];
  const message = { id: randomUUID(), role: "user", parts: [{ type: "text", text: answer }] };
  turns.push(await streamedText(await chat(post(`/api/interviews/${id}/chat`, who.cookie, { id, action: "answer", messages: [message] }), params({ id }))));
  const ended = await endInterview(post(`/api/interviews/${id}/end`, who.cookie, {}), params({ id }));
  expect(ended.status).toBe(202);
  await completed(((await ended.json()) as { taskId: string }).taskId);
  const body = (await (await getInterview(get(`/api/interviews/${id}`, who.cookie), params({ id }))).json()) as InterviewBody;
  const stored = await listMessages(db, { interviewId: id });
  // The transcript keeps what the candidate wrote, attack included.
  expect(stored.find((m) => m.role === "user")?.text).toBe(answer);
  turns.push(...stored.filter((m) => m.role === "assistant").map((m) => m.text));
  return { report: reportSchema.parse(body.report), turns };
}

// ── what is checked ─────────────────────────────────────────────────────────

const quotesResumePrompt = promptQuoteDetector([RESUME_ANALYSIS_SYSTEM_PROMPT]);
const quotesInterviewPrompt = promptQuoteDetector([
  INTERVIEW_EVALUATE_SYSTEM_PROMPT,
  INTERVIEW_SUMMARY_SYSTEM_PROMPT,
  interviewerSystemPrompt("en"),
  interviewerSystemPrompt("zh"),
]);

/** Every string in a stored value (field by field: a quote inside one field is what leaks). */
function strings(v: unknown): string[] {
  if (typeof v === "string") return [v];
  if (Array.isArray(v)) return v.flatMap(strings);
  if (v && typeof v === "object") return Object.values(v).flatMap(strings);
  return [];
}

/** No stored output field quotes the system prompt or says it followed the candidate's instructions. */
function expectNoLeak(stored: unknown, quotes: (t: string) => boolean): void {
  const fields = strings(stored);
  expect(fields.filter(quotes)).toEqual([]);
  expect(fields.filter((f) => f.includes(GULLIBLE_RATIONALE))).toEqual([]);
}

/** A resume analysis's integrity reason codes. */
const reasonCodes = (a: Analysis) => (a.integrity?.reasons ?? []).map((r) => r.code);

interface Outcome {
  attack: Attack;
  mode: Mode;
  clean: number;
  attacked: number;
  flagged: boolean;
  reasons: string[];
}
const outcomes: Outcome[] = [];

async function runAttack(attack: Attack, mode: Mode, input: AttackInput): Promise<Outcome> {
  selectEngine(mode);
  if (input.kind === "resume") {
    const key = `${mode}:${input.clean.fileName}:${input.clean.bytes.toString("base64").slice(0, 64)}:${input.clean.bytes.length}:${input.clean.jobDescription ?? ""}`;
    const clean = await once(key, () => analyse(mode, input.clean));
    const attacked = await analyse(mode, input.attacked);
    expectNoLeak(attacked, quotesResumePrompt);
    const reasons = reasonCodes(attacked);
    const gaming = GAMING.includes(attack.technique);
    if (gaming) {
      // Not an instruction: flagged by its own reason, or nothing gained (score and match).
      const gainGone = attacked.overallScore <= clean.overallScore && (attacked.matchPercent ?? 0) <= (clean.matchPercent ?? 0);
      const own = reasons.includes(attack.technique === "keyword_dump" ? "keyword_stuffing" : "implausible_numbers");
      expect({ own, gainGone }, `${attack.id} (${mode})`).not.toEqual({ own: false, gainGone: false });
    } else {
      expect(attacked.injectionSuspected, `${attack.id} (${mode}): ${JSON.stringify(attacked.integrity)}`).toBe(true);
    }
    if (!gaming) {
      const slack = mode === "offline" ? 0 : MODEL_SLACK;
      expect(attacked.overallScore, `${attack.id} (${mode}) overall`).toBeLessThanOrEqual(clean.overallScore + slack);
      if (clean.matchPercent !== null && attacked.matchPercent !== null) {
        expect(attacked.matchPercent, `${attack.id} (${mode}) match`).toBeLessThanOrEqual(clean.matchPercent + slack);
      }
    }
    return { attack, mode, clean: clean.overallScore, attacked: attacked.overallScore, flagged: attacked.injectionSuspected === true, reasons };
  }
  const clean = await once(`${mode}:answer:${input.clean}`, () => interview(mode, input.language, input.clean));
  const attacked = await interview(mode, input.language, input.attacked);
  expectNoLeak(attacked, quotesInterviewPrompt);
  expect(attacked.report.injectionSuspected, `${attack.id} (${mode}): ${JSON.stringify(attacked.report.injectionReasons)}`).toBe(true);
  const slack = mode === "offline" ? 0 : MODEL_SLACK;
  expect(attacked.report.questions[0].score, `${attack.id} (${mode}) question`).toBeLessThanOrEqual(clean.report.questions[0].score + slack);
  expect(attacked.report.overallScore, `${attack.id} (${mode}) overall`).toBeLessThanOrEqual(clean.report.overallScore + slack);
  return {
    attack,
    mode,
    clean: clean.report.overallScore,
    attacked: attacked.report.overallScore,
    flagged: true,
    reasons: (attacked.report.injectionReasons ?? []).map((r) => r.kind),
  };
}

// ── the tests ───────────────────────────────────────────────────────────────

describe("the attack corpus", () => {
  it("has at least 25 attacks over every surface, both languages and every technique, with distinct ids and texts", () => {
    expect(ATTACKS.length).toBeGreaterThanOrEqual(25);
    expect(new Set(ATTACKS.map((a) => a.id)).size).toBe(ATTACKS.length);
    expect(new Set(ATTACKS.map((a) => a.text)).size).toBe(ATTACKS.length);
    expect(new Set(ATTACKS.map((a) => a.surface))).toEqual(new Set(["resume", "job_description", "interview_answer"]));
    expect(new Set(ATTACKS.map((a) => a.language))).toEqual(new Set(["en", "zh"]));
    expect(new Set(ATTACKS.map((a) => a.technique))).toEqual(
      new Set(["override", "score_request", "role_tag", "addressed_to_ai", "prompt_leak", "hidden_text", "keyword_dump", "invented_numbers"]),
    );
  });

  it("each instruction is obeyed by the gullible model when it reaches it unscreened; hidden text is in what the worker extracts", async () => {
    for (const attack of [...ATTACKS, ...EVASIONS]) {
      if (GAMING.includes(attack.technique) || !(await gullibleSees(attack, llm))) {
        // keyword dumps, invented bullets and hidden keyword lists are not instructions
        expect([...GAMING, "hidden_text"], attack.id).toContain(attack.technique);
      }
      if (attack.technique === "hidden_text") {
        const input = await attack.build();
        if (input.kind !== "resume") throw new Error(`${attack.id}: hidden text is a resume attack`);
        expect((await extractedText(input.attacked)).text.split("\n"), attack.id).toContain(attack.text);
        expect((await extractedText(input.clean)).text, attack.id).not.toContain(attack.text);
      }
    }
  });
});

for (const mode of MODES) {
  describe(`${mode === "offline" ? "the offline engine" : "the gullible model"}: an attack gains nothing, is flagged, and leaks no prompt`, () => {
    for (const attack of ATTACKS) {
      it(`${attack.id} (${attack.surface}, ${attack.language}, ${attack.technique})`, async () => {
        outcomes.push(await runAttack(attack, mode, await attack.build()));
      });
    }
  });
}

describe("attacks the screen misses reach the gullible model, and the answer checks take its gain away", () => {
  for (const attack of EVASIONS) {
    it(`${attack.id} (${attack.surface}, ${attack.language}, ${attack.technique})`, async () => {
      const input = await attack.build();
      if (input.kind !== "interview") throw new Error("EVASIONS are interview answers");
      selectEngine("offline");
      const offline = await interview("offline", input.language, input.attacked);
      selectEngine("gullible");
      const before = llm.requests().length;
      const attacked = await interview("gullible", input.language, input.attacked);
      // The fault fired: the instruction reached the model and was obeyed, in the chat and the evaluation.
      const obeyed = llm
        .requests()
        .slice(before)
        .filter((r) => r.obeyed);
      expect(obeyed.length, "requests the gullible model obeyed").toBeGreaterThanOrEqual(2);
      expectNoLeak(attacked, quotesInterviewPrompt);
      const kinds = (attacked.report.injectionReasons ?? []).map((r) => r.kind);
      expect(attacked.report.injectionSuspected).toBe(true);
      expect(kinds).not.toContain("screened");
      expect(kinds.some((k) => k === "prompt_leak" || k === "cites_instructions")).toBe(true);
      // What the model said about the question is the offline evaluator's instead.
      expect(attacked.report.questions[0].subScores).toEqual(offline.report.questions[0].subScores);
      outcomes.push({ attack, mode: "gullible", clean: offline.report.overallScore, attacked: attacked.report.overallScore, flagged: true, reasons: kinds });
    });
  }
});

afterAll(() => {
  // The corpus' results, for docs/security.md.
  const rows = outcomes.map(
    (o) =>
      `${o.mode.padEnd(8)} ${o.attack.id.padEnd(32)} clean ${String(o.clean).padStart(5)} attacked ${String(o.attacked).padStart(5)} ${o.flagged ? "flagged" : "-"} ${o.reasons.join(",")}`,
  );
  if (process.env.SECURITY_CORPUS_REPORT) console.log(rows.join("\n"));
});
