/**
 * A fake OpenAI-compatible LLM server for tests and benchmarks (node:http, no framework).
 *
 *   POST /v1/chat/completions   streamed (SSE) and not; usage; JSON-schema answers; faults
 *   POST /v1/embeddings         deterministic vectors from the text (fakeEmbedding); usage
 *   GET  /v1/models             model list
 *   POST /__control             {mode, count?, retryAfterS?, delayMs?, ...} for the next requests
 *   GET  /__control             the current control state
 *   GET  /__requests            {requests: [...]} recorded /v1 requests with timestamps
 *   POST /__reset               clear control state, recorded requests, caches and counters
 *
 * Faults are chosen per request with the `x-fake-fault: <mode>[:<n>]` header or a
 * `[[fault:<mode>[:<n>]]]` marker in the last user message (n = Retry-After seconds for
 * 429, delay ms for slow), for the next `count` requests through `POST /__control`, or by a
 * scripted sequence of phases (`{script: [{mode, forMs | count, ...}, ...]}`).
 * Usage can be left out of answers, as some OpenAI-compatible servers do in streams: per
 * request with `x-fake-usage: omit`, or for every request with `{omitUsage: true}` (control,
 * option, `--omit-usage`).
 * The gullible persona obeys instructions to the grader found in the prompt's fenced data
 * (scores at their maximum, "as instructed" rationales, the system prompt copied out when asked
 * for): per request with `x-fake-persona: gullible`, or for every request with
 * `{gullible: true}` (control, option, `--gullible`); see gullible.ts.
 * The wrong-language personas write their prose in the other language than the prompt asks for:
 * always (`x-fake-persona: wrong-language`, `{wrongLanguage: "always"}`, `--wrong-language`) or
 * on the first answer to each prompt only (`wrong-language-once`, `{wrongLanguage: "once"}`,
 * `--wrong-language-once`); see wrong-language.ts. Personas combine in the header, comma-separated.
 * The optional quota (`rpm`, `tpm`) is a sliding 60-second window, like upstream's rolling minute.
 * With `perSecondAllowance` a (≥ 0) the RPM is also enforced per second, as a provider may
 * ("60,000 RPM may be enforced as 1,000 requests per second", OpenAI, "Rate limits"): at most
 * ⌊RPM/60 × (1 + a)⌋ requests in any sliding 1-second window, else 429 with `retry-after-ms` (until
 * the oldest of them leaves that second) and `Retry-After: 1`; records say `quotaWindow: "second"`.
 * See docs/testing.md.
 *
 * In-process: `const llm = await startFakeLlm(); process.env.LLM_BASE_URL = llm.url;`
 * CLI: `npx tsx scripts/fake-llm/server.ts --port 4010` (or `npm run fake-llm -- --port 4010`).
 */

import { createHash, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { hashString } from "@/lib/text/random";
import { citingAnswer } from "./citing";
import { findGraderInstructions, type GraderInstructions, obeyInstructions, obeyingText, statedMaxima } from "./gullible";
import { generateInstance, type Json, type JsonSchema, strictSchemaViolation } from "./schema-instance";
import { answerLanguage, type WrongLanguageMode, wrongLanguageMode } from "./wrong-language";

export const FAULT_MODES = ["ok", "429", "500", "slow", "hang", "truncated", "broken_json", "context_length", "content_policy"] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export function isFaultMode(x: unknown): x is FaultMode {
  return typeof x === "string" && (FAULT_MODES as readonly string[]).includes(x);
}

export interface FaultSettings {
  mode: FaultMode;
  /** Apply to the next `count` chat requests, then go back to `ok`. Omitted: until reset. */
  count?: number;
  /** 429: the `Retry-After` value in seconds (default 1). */
  retryAfterS?: number;
  /** 429: also send `retry-after-ms`. */
  retryAfterMs?: number;
  /** 429: send `Retry-After` as an HTTP date instead of seconds. */
  retryAfterDate?: boolean;
  /** slow: delay before the response starts (default 1500 ms). */
  delayMs?: number;
  /** slow, streamed: delay between chunks (default delayMs / 10). */
  chunkDelayMs?: number;
}

/**
 * One phase of a scripted fault sequence. It starts with the first chat request after the
 * previous phase ended and lasts `count` requests or `forMs` milliseconds (whichever comes
 * first); with neither it lasts until reset. `mode: "ok"` is a phase of normal answers.
 */
export interface FaultStep extends FaultSettings {
  forMs?: number;
}

export interface ControlBody extends Partial<FaultSettings> {
  /** Run these phases in order, then answer normally; replaces any earlier script. null clears it. */
  script?: FaultStep[] | null;
  /** Enforce a requests-per-minute quota (429 past it); 0 or null removes it. */
  rpm?: number | null;
  /** Enforce a tokens-per-minute quota (429 past it); 0 or null removes it. */
  tpm?: number | null;
  /**
   * Also enforce the RPM per second: at most ⌊rpm/60 × (1 + allowance)⌋ requests in any sliding
   * 1-second window (429 past it; needs `rpm`). null removes it.
   */
  perSecondAllowance?: number | null;
  /** Base latency added to every successful answer (ms). */
  latencyMs?: number;
  /** Send no usage (no `usage` field, no final usage chunk in streams) until reset or set false. */
  omitUsage?: boolean;
  /** Answer as the gullible persona (obeys instructions found in the data) until reset or set false. */
  gullible?: boolean;
  /** Answer in the wrong language (`always`, or `once` per prompt) until reset or set null. */
  wrongLanguage?: WrongLanguageMode | null;
}

export interface RecordedRequest {
  id: number;
  /** ISO timestamp when the request arrived. */
  at: string;
  /** Epoch ms when the request arrived. */
  time: number;
  method: string;
  path: string;
  headers: Record<string, string>;
  /** Parsed JSON body (null when none or unparseable). */
  body: unknown;
  stream: boolean;
  fault: FaultMode;
  faultSource: "header" | "marker" | "control" | "script" | "quota" | "none";
  /** faultSource `quota`: which window refused it — the minute (rpm/tpm) or the second (perSecondAllowance). */
  quotaWindow?: "minute" | "second";
  /** Epoch ms at which the quota judged it (admitted or refused; a little after `time`: the body was read). */
  quotaAt?: number;
  /** Index of the script phase that chose the fault (faultSource `script`, including its `ok` phases). */
  step?: number;
  /** HTTP status sent (undefined while pending / for `hang`). */
  status?: number;
  /** Epoch ms when the response finished (undefined while pending / for `hang`). */
  finishedAt?: number;
  /** Epoch ms when the connection closed before the response finished: the client aborted, or `close()` dropped it. */
  abortedAt?: number;
  /** What the answer's usage was (also when it was not sent). */
  usage?: Usage;
  /** The answer left its usage out (`x-fake-usage: omit` or `omitUsage`). */
  usageOmitted?: boolean;
  /** The request was answered by the gullible persona. */
  gullible?: boolean;
  /** What the gullible persona obeyed (unset when it found nothing to obey, or was not asked). */
  obeyed?: GraderInstructions;
  /** The language the answer was written in, when a wrong-language persona made it the other one than asked. */
  wrongLanguage?: "en" | "zh";
}

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details: { cached_tokens: number; audio_tokens: number };
  completion_tokens_details: {
    reasoning_tokens: number;
    audio_tokens: number;
    accepted_prediction_tokens: number;
    rejected_prediction_tokens: number;
  };
}

export interface FakeLlmOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Prompts longer than this (estimated tokens) get a `context_length_exceeded` 400. */
  contextWindow?: number;
  /** Extra ids for `GET /v1/models`. */
  models?: string[];
  rpm?: number;
  tpm?: number;
  /** See {@link ControlBody.perSecondAllowance}. */
  perSecondAllowance?: number;
  latencyMs?: number;
  /** Leave usage out of every answer (see {@link ControlBody.omitUsage}). */
  omitUsage?: boolean;
  /** Answer every request as the gullible persona (see {@link ControlBody.gullible}). */
  gullible?: boolean;
  /** Answer every request as a wrong-language persona (see {@link ControlBody.wrongLanguage}). */
  wrongLanguage?: WrongLanguageMode;
  /** Keep at most this many recorded requests (oldest dropped). Default 1000. */
  maxRecorded?: number;
  /** Log one line per request to stderr. */
  log?: boolean;
}

export interface FakeLlm {
  /** Base URL ending in /v1 — what `LLM_BASE_URL` takes. */
  url: string;
  port: number;
  close(): Promise<void>;
  /** Same as `POST /__control`. */
  control(settings: ControlBody): void;
  /** Same as `POST /__reset`. */
  reset(): void;
  /** Same as `GET /__requests` (a copy). */
  requests(): RecordedRequest[];
}

const DEFAULT_MODELS = ["gpt-4o-mini", "gpt-4o", "fake-model"];
/** The quota's window: OpenAI's limits are per rolling minute. */
const QUOTA_WINDOW_MS = 60_000;
const MAX_BODY_BYTES = 32 * 1024 * 1024;

interface ControlState {
  fault: FaultSettings | null;
  remaining: number; // Infinity = until reset
  script: FaultStep[];
  /** Current phase of the script; script.length = finished. */
  step: number;
  /** When the current phase took its first request (undefined: not started). */
  stepStartedAt?: number;
  stepRequests: number;
  rpm: number | null;
  tpm: number | null;
  perSecondAllowance: number | null;
  latencyMs: number;
  omitUsage: boolean;
  gullible: boolean;
  wrongLanguage: WrongLanguageMode | null;
}

interface ChosenFault extends FaultSettings {
  source: RecordedRequest["faultSource"];
  step?: number;
}

export async function startFakeLlm(opts: FakeLlmOptions = {}): Promise<FakeLlm> {
  const host = opts.host ?? "127.0.0.1";
  const contextWindow = opts.contextWindow ?? 128_000;
  const models = [...new Set([...DEFAULT_MODELS, ...(opts.models ?? [])])];
  const maxRecorded = opts.maxRecorded ?? 1000;

  let recorded: RecordedRequest[] = [];
  let nextId = 1;
  let seenPrefixes = new Set<number>();
  /** Prompts the `once` wrong-language persona already answered wrongly. */
  let answeredWrongly = new Set<number>();
  const control: ControlState = {
    fault: null,
    remaining: 0,
    script: [],
    step: 0,
    stepRequests: 0,
    rpm: opts.rpm ?? null,
    tpm: opts.tpm ?? null,
    perSecondAllowance: opts.perSecondAllowance ?? null,
    latencyMs: opts.latencyMs ?? 0,
    omitUsage: opts.omitUsage ?? false,
    gullible: opts.gullible ?? false,
    wrongLanguage: opts.wrongLanguage ?? null,
  };
  // Sliding one-minute window for the optional quota and the x-ratelimit-* headers: the arrival
  // times of admitted requests, and their tokens (counted from arrival once they are known).
  let admitted: number[] = [];
  let tokenLog: { time: number; tokens: number }[] = [];
  const timers = new Set<NodeJS.Timeout>();

  function applyControl(body: ControlBody): void {
    if (body.mode !== undefined) {
      if (!isFaultMode(body.mode)) throw new Error(`unknown mode ${String(body.mode)}`);
      if (body.mode === "ok") {
        control.fault = null;
        control.remaining = 0;
      } else {
        control.fault = {
          mode: body.mode,
          retryAfterS: body.retryAfterS,
          retryAfterMs: body.retryAfterMs,
          retryAfterDate: body.retryAfterDate,
          delayMs: body.delayMs,
          chunkDelayMs: body.chunkDelayMs,
        };
        control.remaining = typeof body.count === "number" && body.count > 0 ? body.count : Infinity;
      }
    }
    if (body.script !== undefined) {
      const steps = body.script ?? [];
      for (const st of steps) if (!isFaultMode(st?.mode)) throw new Error(`unknown mode ${String(st?.mode)} in script`);
      control.script = steps.map((st) => ({ ...st }));
      control.step = 0;
      control.stepStartedAt = undefined;
      control.stepRequests = 0;
    }
    if (body.rpm !== undefined) control.rpm = body.rpm || null;
    if (body.tpm !== undefined) control.tpm = body.tpm || null;
    if (body.perSecondAllowance !== undefined) {
      const a = body.perSecondAllowance;
      if (a !== null && !(typeof a === "number" && a >= 0 && Number.isFinite(a))) throw new Error(`perSecondAllowance must be a number ≥ 0 or null`);
      control.perSecondAllowance = a;
    }
    if (body.latencyMs !== undefined) control.latencyMs = Math.max(0, body.latencyMs);
    if (body.omitUsage !== undefined) control.omitUsage = body.omitUsage === true;
    if (body.gullible !== undefined) control.gullible = body.gullible === true;
    if (body.wrongLanguage !== undefined) {
      if (body.wrongLanguage !== null && body.wrongLanguage !== "always" && body.wrongLanguage !== "once") {
        throw new Error(`unknown wrongLanguage ${String(body.wrongLanguage)}`);
      }
      control.wrongLanguage = body.wrongLanguage;
    }
  }

  function reset(): void {
    control.fault = null;
    control.remaining = 0;
    control.rpm = opts.rpm ?? null;
    control.tpm = opts.tpm ?? null;
    control.perSecondAllowance = opts.perSecondAllowance ?? null;
    control.latencyMs = opts.latencyMs ?? 0;
    control.omitUsage = opts.omitUsage ?? false;
    control.gullible = opts.gullible ?? false;
    control.wrongLanguage = opts.wrongLanguage ?? null;
    control.script = [];
    control.step = 0;
    control.stepStartedAt = undefined;
    control.stepRequests = 0;
    recorded = [];
    seenPrefixes = new Set();
    answeredWrongly = new Set();
    admitted = [];
    tokenLog = [];
  }

  /** Drops what left the sliding window; returns the requests and tokens still in it. */
  function windowUsage(now: number): { requests: number; tokens: number } {
    const cutoff = now - QUOTA_WINDOW_MS;
    while (admitted.length > 0 && admitted[0]! <= cutoff) admitted.shift();
    while (tokenLog.length > 0 && tokenLog[0]!.time <= cutoff) tokenLog.shift();
    return { requests: admitted.length, tokens: tokenLog.reduce((a, e) => a + e.tokens, 0) };
  }

  function rateLimitHeaders(now: number, exhausted: boolean): Record<string, string> {
    const used = windowUsage(now);
    const rpm = control.rpm ?? 10_000;
    const tpm = control.tpm ?? 10_000_000;
    const oldest = Math.min(admitted[0] ?? now, tokenLog[0]?.time ?? now);
    const reset = formatDuration(Math.max(0, oldest + QUOTA_WINDOW_MS - now));
    return {
      "x-ratelimit-limit-requests": String(rpm),
      "x-ratelimit-remaining-requests": String(exhausted ? 0 : Math.max(0, rpm - used.requests)),
      "x-ratelimit-reset-requests": reset,
      "x-ratelimit-limit-tokens": String(tpm),
      "x-ratelimit-remaining-tokens": String(exhausted ? 0 : Math.max(0, tpm - used.tokens)),
      "x-ratelimit-reset-tokens": reset,
    };
  }

  /** Charges a request's tokens at its arrival time (the log stays sorted by time). */
  function insertTokens(time: number, tokens: number): void {
    let i = tokenLog.length;
    while (i > 0 && tokenLog[i - 1]!.time > time) i--;
    tokenLog.splice(i, 0, { time, tokens });
  }

  /**
   * The per-second check: null when admitted, else the ms until the oldest request of the last
   * second that must leave it has left (a request at t counts while now − t < 1 000).
   */
  function perSecondWaitMs(now: number): number | null {
    if (control.perSecondAllowance == null || control.rpm == null) return null;
    const cap = Math.max(1, Math.floor((control.rpm / 60) * (1 + control.perSecondAllowance) + 1e-9));
    let inSecond = 0;
    for (let i = admitted.length - 1; i >= 0 && admitted[i]! > now - 1000; i--) inSecond++;
    if (inSecond < cap) return null;
    return Math.max(1, admitted[admitted.length - cap]! + 1000 - now);
  }

  /** Time until `requests` admitted requests and `tokens` tokens have left the window, ms. */
  function quotaWaitMs(now: number, requests: number, tokens: number): number {
    let wait = 0;
    if (requests > 0) wait = Math.max(wait, (admitted[requests - 1] ?? now) + QUOTA_WINDOW_MS - now);
    let freed = 0;
    for (const e of tokenLog) {
      if (freed >= tokens) break;
      freed += e.tokens;
      wait = Math.max(wait, e.time + QUOTA_WINDOW_MS - now);
    }
    return wait;
  }

  /** The script phase for a request arriving now (advancing past finished phases), or null. */
  function scriptStep(now: number): { step: FaultStep; index: number } | null {
    while (control.step < control.script.length) {
      const st = control.script[control.step]!;
      const started = control.stepStartedAt;
      const over =
        started !== undefined && ((st.count !== undefined && control.stepRequests >= st.count) || (st.forMs !== undefined && now - started >= st.forMs));
      if (!over) {
        control.stepStartedAt ??= now;
        control.stepRequests += 1;
        return { step: st, index: control.step };
      }
      control.step += 1;
      control.stepStartedAt = undefined;
      control.stepRequests = 0;
    }
    return null;
  }

  /** Resolves true after `ms`, or false as soon as the client goes away. */
  function sleep(ms: number, res: http.ServerResponse): Promise<boolean> {
    if (ms <= 0) return Promise.resolve(!res.destroyed);
    return new Promise((resolve) => {
      const onClose = () => {
        clearTimeout(t);
        timers.delete(t);
        resolve(false);
      };
      const t = setTimeout(() => {
        timers.delete(t);
        res.off("close", onClose);
        resolve(!res.destroyed);
      }, ms);
      timers.add(t);
      res.once("close", onClose);
    });
  }

  function chooseFault(req: http.IncomingMessage, body: ChatBody): ChosenFault {
    const header = req.headers["x-fake-fault"];
    const headerValue = Array.isArray(header) ? header[0] : header;
    if (headerValue) {
      const parsed = parseFaultSpec(headerValue);
      if (parsed) {
        const delayHeader = Number(req.headers["x-fake-delay-ms"]);
        const retryHeader = Number(req.headers["x-fake-retry-after"]);
        if (Number.isFinite(delayHeader) && delayHeader > 0) parsed.delayMs = delayHeader;
        if (Number.isFinite(retryHeader) && retryHeader >= 0) parsed.retryAfterS = retryHeader;
        return { ...parsed, source: "header" };
      }
    }
    const lastUser = [...(body.messages ?? [])].reverse().find((m) => m?.role === "user");
    const marker = /\[\[fault:([a-z0-9_]+)(?::(\d+))?\]\]/i.exec(lastUser ? textOf(lastUser.content) : "");
    if (marker) {
      const parsed = parseFaultSpec(marker[2] ? `${marker[1]}:${marker[2]}` : marker[1]);
      if (parsed) return { ...parsed, source: "marker" };
    }
    if (control.fault && control.remaining > 0) {
      const f = control.fault;
      control.remaining -= 1;
      if (control.remaining <= 0) control.fault = null;
      return { ...f, source: "control" };
    }
    const scripted = scriptStep(Date.now());
    if (scripted) {
      const { forMs: _forMs, count: _count, ...f } = scripted.step;
      return { ...f, source: "script", step: scripted.index };
    }
    return { mode: "ok", source: "none" };
  }

  async function handleChat(req: http.IncomingMessage, res: http.ServerResponse, rec: RecordedRequest, raw: string) {
    let body: ChatBody;
    try {
      body = JSON.parse(raw) as ChatBody;
      rec.body = body;
    } catch {
      return sendError(res, rec, 400, "We could not parse the JSON body of your request.", "invalid_request_error", null, null);
    }
    if (!body || typeof body !== "object" || !Array.isArray(body.messages) || body.messages.length === 0) {
      return sendError(res, rec, 400, "'messages' is a required property", "invalid_request_error", "messages", null);
    }
    if (typeof body.model !== "string" || body.model.length === 0) {
      return sendError(res, rec, 400, "you must provide a model parameter", "invalid_request_error", "model", null);
    }
    const stream = body.stream === true;
    rec.stream = stream;

    const fault = chooseFault(req, body);
    rec.fault = fault.mode;
    rec.faultSource = fault.source;
    if (fault.step !== undefined) rec.step = fault.step;
    const now = Date.now();

    if (fault.mode === "hang") return; // never answer; close() destroys the socket
    if (fault.mode === "slow") {
      if (!(await sleep(fault.delayMs ?? 1500, res))) return;
    }
    if (fault.mode === "429") return send429(res, rec, body.model, fault, Date.now());
    if (fault.mode === "500") {
      return sendError(res, rec, 500, "The server had an error while processing your request. Sorry about that!", "server_error", null, null);
    }
    if (fault.mode === "content_policy") {
      return sendError(
        res,
        rec,
        400,
        "Your request was rejected as a result of our safety system. Your prompt may contain text that is not allowed by our safety system.",
        "invalid_request_error",
        null,
        "content_policy_violation",
      );
    }

    // Structured-output request checks, as OpenAI does them.
    const rf = body.response_format;
    if (rf?.type === "json_schema") {
      if (!rf.json_schema || typeof rf.json_schema.schema !== "object") {
        return sendError(
          res,
          rec,
          400,
          "Missing required parameter: 'response_format.json_schema'.",
          "invalid_request_error",
          "response_format",
          "missing_required_parameter",
        );
      }
      if (rf.json_schema.strict === true) {
        const violation = strictSchemaViolation(rf.json_schema.schema);
        if (violation) {
          return sendError(
            res,
            rec,
            400,
            `Invalid schema for response_format '${rf.json_schema.name ?? "response"}': ${violation}`,
            "invalid_request_error",
            "response_format",
            null,
          );
        }
      }
    }

    const promptTokens = estimatePromptTokens(body);
    if (fault.mode === "context_length" || promptTokens > contextWindow) {
      return sendError(
        res,
        rec,
        400,
        `This model's maximum context length is ${contextWindow} tokens. However, your messages resulted in ${fault.mode === "context_length" ? Math.max(promptTokens, contextWindow + 1) : promptTokens} tokens. Please reduce the length of the messages.`,
        "invalid_request_error",
        "messages",
        "context_length_exceeded",
      );
    }

    // Optional quota (for governor tests and benchmarks), over a sliding window. Like OpenAI's,
    // the token check counts the prompt plus the requested max output.
    const used = windowUsage(now);
    rec.quotaAt = now;
    const maxTokens = Number(body.max_completion_tokens ?? body.max_tokens ?? 0) || 0;
    const overRpm = control.rpm != null && used.requests + 1 > control.rpm;
    const overTpm = control.tpm != null && used.tokens + promptTokens + maxTokens > control.tpm;
    if (overRpm || overTpm) {
      rec.fault = "429";
      rec.faultSource = "quota";
      rec.quotaWindow = "minute";
      const waitMs = quotaWaitMs(now, overRpm ? 1 : 0, overTpm ? used.tokens + promptTokens + maxTokens - control.tpm! : 0);
      return send429(res, rec, body.model, { mode: "429", retryAfterS: Math.max(1, Math.ceil(waitMs / 1000)) }, now);
    }
    const secondWaitMs = perSecondWaitMs(now);
    if (secondWaitMs !== null) {
      rec.fault = "429";
      rec.faultSource = "quota";
      rec.quotaWindow = "second";
      return send429(res, rec, body.model, { mode: "429", retryAfterS: 1, retryAfterMs: secondWaitMs }, now);
    }
    admitted.push(now);

    if (control.latencyMs > 0 && !(await sleep(control.latencyMs, res))) return;

    const personaHeader = req.headers["x-fake-persona"];
    const personas = (Array.isArray(personaHeader) ? personaHeader.join(",") : (personaHeader ?? "")).split(",").map((p) => p.trim().toLowerCase());
    const gullible = control.gullible || personas.includes("gullible");
    if (gullible) rec.gullible = true;
    const wrongMode = personas.map(wrongLanguageMode).find((m) => m !== null) ?? control.wrongLanguage;
    const asked = languageOf(body);
    const language = answerLanguage(asked, wrongMode, answeredWrongly, JSON.stringify(body.messages));
    if (language !== asked) rec.wrongLanguage = language;
    const answer = buildAnswer(body, fault.mode, { gullible, language });
    if (answer.obeyed) rec.obeyed = answer.obeyed;
    const completionTokens = Math.max(1, estimateTokens(answer.kind === "text" ? answer.content : answer.args));
    const cached = cachedTokens(body, promptTokens, seenPrefixes);
    const usage = makeUsage(promptTokens, completionTokens, cached);
    insertTokens(now, promptTokens + completionTokens);
    rec.usage = usage;
    const omitUsage = control.omitUsage || req.headers["x-fake-usage"] === "omit";
    if (omitUsage) rec.usageOmitted = true;

    const id = `chatcmpl-${randomUUID().replace(/-/g, "").slice(0, 24)}`;
    const created = Math.floor(Date.now() / 1000);
    const headers = {
      ...rateLimitHeaders(Date.now(), false),
      "x-request-id": `req_${randomUUID().replace(/-/g, "")}`,
      "openai-processing-ms": String(Date.now() - rec.time),
    };

    if (!stream) {
      const message: Record<string, unknown> = { role: "assistant", content: null, refusal: null };
      let finish: string = "stop";
      if (answer.kind === "text") {
        let content = answer.content;
        if (fault.mode === "truncated") {
          content = cutInHalf(content);
          finish = "length";
        }
        message.content = content;
      } else {
        message.tool_calls = [
          { id: answer.id, type: "function", function: { name: answer.name, arguments: fault.mode === "truncated" ? cutInHalf(answer.args) : answer.args } },
        ];
        finish = fault.mode === "truncated" ? "length" : "tool_calls";
      }
      return sendJson(
        res,
        rec,
        200,
        {
          id,
          object: "chat.completion",
          created,
          model: body.model,
          choices: [{ index: 0, message, logprobs: null, finish_reason: finish }],
          ...(omitUsage ? {} : { usage }),
          system_fingerprint: "fp_fake",
          service_tier: "default",
        },
        headers,
      );
    }

    // Streamed answer.
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      connection: "keep-alive",
      ...headers,
    });
    rec.status = 200;
    const includeUsage = body.stream_options?.include_usage === true && !omitUsage;
    const base = { id, object: "chat.completion.chunk", created, model: body.model, system_fingerprint: "fp_fake" };
    const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
      `data: ${JSON.stringify({ ...base, choices, ...(includeUsage ? { usage: null } : {}), ...extra })}\n\n`;
    const chunkDelay = fault.mode === "slow" ? (fault.chunkDelayMs ?? Math.round((fault.delayMs ?? 1500) / 10)) : 0;

    const pieces = answer.kind === "text" ? splitForStream(answer.content, answer.json) : splitForStream(answer.args, true);
    const cutAt = fault.mode === "truncated" ? Math.max(1, Math.floor(pieces.length / 2)) : pieces.length;

    const first =
      answer.kind === "text"
        ? { index: 0, delta: { role: "assistant", content: "", refusal: null }, logprobs: null, finish_reason: null }
        : {
            index: 0,
            delta: {
              role: "assistant",
              content: null,
              tool_calls: [{ index: 0, id: answer.id, type: "function", function: { name: answer.name, arguments: "" } }],
            },
            logprobs: null,
            finish_reason: null,
          };
    res.write(chunk([first]));
    for (let i = 0; i < cutAt; i++) {
      if (chunkDelay > 0 && !(await sleep(chunkDelay, res))) return;
      if (res.destroyed) return;
      const delta = answer.kind === "text" ? { content: pieces[i] } : { tool_calls: [{ index: 0, function: { arguments: pieces[i] } }] };
      res.write(chunk([{ index: 0, delta, logprobs: null, finish_reason: null }]));
    }
    if (fault.mode === "truncated") {
      // Cut mid-JSON: no finish_reason, no usage, no [DONE].
      rec.finishedAt = Date.now();
      res.end();
      return;
    }
    res.write(chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: answer.kind === "text" ? "stop" : "tool_calls" }]));
    if (includeUsage) res.write(`data: ${JSON.stringify({ ...base, choices: [], usage })}\n\n`);
    res.write("data: [DONE]\n\n");
    rec.finishedAt = Date.now();
    res.end();
  }

  function send429(res: http.ServerResponse, rec: RecordedRequest, model: string, f: FaultSettings, now: number) {
    const retryAfterS = f.retryAfterS ?? 1;
    const headers: Record<string, string> = {
      ...rateLimitHeaders(now, true),
      "retry-after": f.retryAfterDate ? new Date(now + retryAfterS * 1000).toUTCString() : String(retryAfterS),
      "x-ratelimit-reset-requests": formatDuration(retryAfterS * 1000),
      "x-ratelimit-reset-tokens": formatDuration(retryAfterS * 1000),
    };
    if (f.retryAfterMs !== undefined) headers["retry-after-ms"] = String(f.retryAfterMs);
    const limit = control.rpm ?? 10_000;
    sendError(
      res,
      rec,
      429,
      `Rate limit reached for ${model} in organization org-fake on requests per min (RPM): Limit ${limit}, Used ${limit}, Requested 1. Please try again in ${retryAfterS}s.`,
      "requests",
      null,
      "rate_limit_exceeded",
      headers,
    );
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const path = url.pathname.replace(/\/+$/, "") || "/";
    const isApi = path.startsWith("/v1/") || path === "/chat/completions" || path === "/models";
    let rec: RecordedRequest | undefined;
    if (isApi) {
      const time = Date.now();
      rec = {
        id: nextId++,
        at: new Date(time).toISOString(),
        time,
        method: req.method ?? "GET",
        path,
        headers: flattenHeaders(req.headers),
        body: null,
        stream: false,
        fault: "ok",
        faultSource: "none",
      };
      recorded.push(rec);
      if (recorded.length > maxRecorded) recorded.splice(0, recorded.length - maxRecorded);
      const r = rec;
      res.on("close", () => {
        if (r.finishedAt === undefined) r.abortedAt = Date.now();
      });
      if (opts.log) {
        res.on("close", () => process.stderr.write(`[fake-llm] ${rec!.method} ${path} ${rec!.status ?? "-"} fault=${rec!.fault}\n`));
      }
    }

    readBody(req)
      .then(async (raw) => {
        if (raw === null) return sendError(res, rec, 413, "Request body too large.", "invalid_request_error", null, null);
        if (req.method === "POST" && (path === "/v1/chat/completions" || path === "/chat/completions")) {
          return handleChat(req, res, rec!, raw);
        }
        if (req.method === "POST" && (path === "/v1/embeddings" || path === "/embeddings")) {
          return handleEmbeddings(res, rec!, raw);
        }
        if (req.method === "GET" && (path === "/v1/models" || path === "/models")) {
          return sendJson(res, rec, 200, {
            object: "list",
            data: models.map((id) => ({ id, object: "model", created: 1_700_000_000, owned_by: "fake-llm" })),
          });
        }
        const one = /^\/v1\/models\/(.+)$/.exec(path);
        if (req.method === "GET" && one) {
          const id = decodeURIComponent(one[1]);
          if (!models.includes(id)) {
            return sendError(res, rec, 404, `The model '${id}' does not exist`, "invalid_request_error", "model", "model_not_found");
          }
          return sendJson(res, rec, 200, { id, object: "model", created: 1_700_000_000, owned_by: "fake-llm" });
        }
        if (path === "/__control" && req.method === "POST") {
          let parsed: ControlBody;
          try {
            parsed = raw ? (JSON.parse(raw) as ControlBody) : {};
            applyControl(parsed);
          } catch (e) {
            return sendJson(res, undefined, 400, { error: { message: (e as Error).message } });
          }
          return sendJson(res, undefined, 200, controlSnapshot());
        }
        if (path === "/__control" && req.method === "GET") return sendJson(res, undefined, 200, controlSnapshot());
        if (path === "/__reset" && req.method === "POST") {
          reset();
          return sendJson(res, undefined, 200, { ok: true });
        }
        if (path === "/__requests" && req.method === "GET") {
          return sendJson(res, undefined, 200, { requests: recorded });
        }
        if (path === "/health" || path === "/") return sendJson(res, undefined, 200, { ok: true });
        return sendError(res, rec, 404, `Unknown request URL: ${req.method} ${path}.`, "invalid_request_error", null, "unknown_url");
      })
      .catch((e: unknown) => {
        if (!res.headersSent) sendError(res, rec, 500, `fake-llm internal error: ${(e as Error).message}`, "server_error", null, null);
        else res.destroy();
      });
  });

  function controlSnapshot() {
    return {
      fault: control.fault,
      remaining: control.remaining === Infinity ? null : control.remaining,
      script: control.script,
      step: control.step,
      rpm: control.rpm,
      tpm: control.tpm,
      perSecondAllowance: control.perSecondAllowance,
      latencyMs: control.latencyMs,
      omitUsage: control.omitUsage,
      gullible: control.gullible,
      wrongLanguage: control.wrongLanguage,
    };
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(":") ? `[${host}]` : host === "0.0.0.0" ? "127.0.0.1" : host;

  return {
    url: `http://${urlHost}:${port}/v1`,
    port,
    control: applyControl,
    reset,
    requests: () => recorded.map((r) => ({ ...r })),
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        timers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// ---------------------------------------------------------------------------------------
// Request shapes and helpers

interface ChatMessage {
  role: string;
  content?: unknown;
  name?: string;
  tool_calls?: unknown[];
}

interface ChatBody {
  model: string;
  messages: ChatMessage[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  max_tokens?: number;
  max_completion_tokens?: number;
  response_format?: {
    type: "text" | "json_object" | "json_schema";
    json_schema?: { name?: string; strict?: boolean; schema: JsonSchema };
  };
  tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: JsonSchema; strict?: boolean } }>;
  tool_choice?: "auto" | "none" | "required" | { type: "function"; function: { name: string } };
}

type Answer = ({ kind: "text"; content: string; json: boolean } | { kind: "tool"; id: string; name: string; args: string }) & {
  /** What the gullible persona obeyed in this answer. */
  obeyed?: GraderInstructions;
};

function parseFaultSpec(spec: string): FaultSettings | null {
  const [modeRaw, nRaw] = spec.trim().toLowerCase().split(":");
  if (!isFaultMode(modeRaw)) return null;
  const n = nRaw !== undefined ? Number(nRaw) : undefined;
  const f: FaultSettings = { mode: modeRaw };
  if (n !== undefined && Number.isFinite(n)) {
    if (modeRaw === "429") f.retryAfterS = n;
    if (modeRaw === "slow") f.delayMs = n;
  }
  return f;
}

/** Text of a message's content: a string, or the text parts of a content array. */
export function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((p) => (p && typeof p === "object" && typeof (p as { text?: unknown }).text === "string" ? (p as { text: string }).text : ""))
      .join("\n");
  }
  return "";
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]/g;

/** Rough token estimate: ~4 ASCII characters per token, ~1 token per CJK character. */
export function estimateTokens(text: string): number {
  if (!text) return 0;
  const cjk = (text.match(CJK) ?? []).length;
  return Math.ceil((text.length - cjk) / 4 + cjk);
}

function estimatePromptTokens(body: ChatBody): number {
  let n = 3;
  for (const m of body.messages) n += 4 + estimateTokens(textOf(m.content));
  if (body.response_format?.json_schema?.schema) n += estimateTokens(JSON.stringify(body.response_format.json_schema.schema));
  if (body.tools) n += estimateTokens(JSON.stringify(body.tools));
  return n;
}

/**
 * Prompt-cache simulation in OpenAI's manner: a prefix (system/developer messages and the
 * schema) of at least 1024 tokens, seen before by this server, is served from cache in
 * 128-token blocks.
 */
function cachedTokens(body: ChatBody, promptTokens: number, seen: Set<number>): number {
  const prefixParts = body.messages.filter((m) => m.role === "system" || m.role === "developer").map((m) => textOf(m.content));
  if (body.response_format?.json_schema?.schema) prefixParts.push(JSON.stringify(body.response_format.json_schema.schema));
  if (body.tools) prefixParts.push(JSON.stringify(body.tools));
  const prefix = prefixParts.join("\n");
  const prefixTokens = estimateTokens(prefix);
  if (prefixTokens < 1024) return 0;
  const key = hashString(`${body.model}\n${prefix}`);
  if (!seen.has(key)) {
    seen.add(key);
    return 0;
  }
  return Math.min(promptTokens, Math.floor(prefixTokens / 128) * 128);
}

function makeUsage(prompt: number, completion: number, cached: number): Usage {
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    prompt_tokens_details: { cached_tokens: cached, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: 0,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}

/**
 * The language a prompt asks for: the one its user message names (`Answer language: Chinese`, as
 * the resume analysis prompt says it), else Chinese when the user messages hold at least 20 CJK
 * characters — so an English resume with a Chinese job description is still answered in English.
 */
function languageOf(body: ChatBody): "en" | "zh" {
  const userText = body.messages
    .filter((m) => m.role === "user")
    .map((m) => textOf(m.content))
    .join("\n");
  const named = /Answer language:\s*(English|Chinese)/.exec(userText);
  if (named) return named[1] === "Chinese" ? "zh" : "en";
  return (userText.match(CJK) ?? []).length >= 20 ? "zh" : "en";
}

/** A JSON Schema embedded in the prompt (```json fence) — used for `json_object` requests. */
function schemaFromMessages(body: ChatBody): JsonSchema | null {
  for (const m of body.messages) {
    const text = textOf(m.content);
    for (const match of text.matchAll(/```(?:json)?\s*\n([\s\S]*?)```/g)) {
      try {
        const parsed = JSON.parse(match[1]);
        if (parsed && typeof parsed === "object" && (parsed.type === "object" || parsed.properties)) return parsed;
      } catch {
        // not JSON — keep looking
      }
    }
  }
  return null;
}

/** Quotable lines of the prompt's data: the fenced resume when there is one, else the last user message. */
function quotesFrom(body: ChatBody): string[] {
  const lastUser = [...body.messages].reverse().find((m) => m.role === "user");
  const text = textOf(lastUser?.content);
  const fenced = /<resume>\n?([\s\S]*?)<\/resume>/.exec(text);
  return (fenced ? fenced[1] : text)
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l.length >= 8 && l.length <= 200 && !/\[\[fault:/.test(l))
    .slice(0, 200);
}

/**
 * The answer to a chat request: a schema instance (tool call, `json_schema`, `json_object`) or a
 * sentence. As the gullible persona, when the prompt's data carries an instruction to the grader,
 * the instance is rewritten the way an obedient model would answer ({@link obeyInstructions}).
 * Prose is written in `persona.language` (the prompt's, unless a wrong-language persona chose the other).
 */
function buildAnswer(body: ChatBody, mode: FaultMode, persona: { gullible: boolean; language: "en" | "zh" }): Answer {
  const seed = hashString(JSON.stringify(body.messages) + (body.model ?? ""));
  const { gullible, language } = persona;
  const quotes = quotesFrom(body);
  const found = gullible ? findGraderInstructions(body.messages.filter((m) => m.role === "user").map((m) => textOf(m.content))) : null;
  const system = body.messages
    .filter((m) => m.role === "system" || m.role === "developer")
    .map((m) => textOf(m.content))
    .join("\n");
  const instance = (schema: JsonSchema): Json => {
    const plain = generateInstance(schema, { seed, language, quotes });
    if (!found) return plain;
    return obeyInstructions(schema, plain, { found, system, maxima: statedMaxima(body.messages.map((m) => textOf(m.content))) });
  };
  const obeyed = found ? { obeyed: found } : {};
  const lastIsToolResult = body.messages[body.messages.length - 1]?.role === "tool";

  const toolChoice = body.tool_choice;
  if (body.tools && body.tools.length > 0 && toolChoice !== "none" && !lastIsToolResult) {
    const wanted = typeof toolChoice === "object" ? toolChoice.function?.name : undefined;
    const tool = body.tools.find((t) => t.function?.name === wanted) ?? body.tools[0];
    const text = JSON.stringify(instance(tool.function.parameters ?? { type: "object", properties: {} }));
    return { kind: "tool", id: `call_${seed.toString(36)}`, name: tool.function.name, args: mode === "broken_json" ? breakJson(text) : text, ...obeyed };
  }

  const rf = body.response_format;
  let schema: JsonSchema | null = null;
  if (rf?.type === "json_schema") schema = rf.json_schema?.schema ?? null;
  else if (rf?.type === "json_object")
    schema = schemaFromMessages(body) ?? { type: "object", properties: { answer: { type: "string" } }, required: ["answer"] };

  if (schema) {
    const text = JSON.stringify(instance(schema));
    return { kind: "text", content: mode === "broken_json" ? breakJson(text) : text, json: true, ...obeyed };
  }
  const lastUser = [...body.messages].reverse().find((m) => m.role === "user");
  const content = found ? obeyingText(found, system) : (citingAnswer(textOf(lastUser?.content)) ?? interviewerSentence(body, language, seed));
  return { kind: "text", content: mode === "broken_json" ? `{"answer": "${content}` : content, json: false, ...obeyed };
}

/** Valid JSON turned invalid the way models break it: chatter before it, an unquoted key, a trailing comma. */
function breakJson(json: string): string {
  const unquoted = json.replace(/"([A-Za-z_][A-Za-z0-9_]*)":/, "$1:");
  return `Sure! Here is the JSON you asked for:\n${unquoted.replace(/}$/, ",}")}`;
}

function cutInHalf(s: string): string {
  const cps = [...s];
  return cps.slice(0, Math.max(1, Math.floor(cps.length / 2))).join("");
}

function interviewerSentence(body: ChatBody, language: "en" | "zh", seed: number): string {
  const lastUser = [...body.messages].reverse().find((m) => m.role === "user");
  const words = textOf(lastUser?.content)
    .replace(/\[\[fault:[^\]]*\]\]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (language === "zh") {
    const snippet = [...words].slice(0, 16).join("");
    const zh = [
      `谢谢你的回答。关于“${snippet}”，能具体说说你负责的部分和最终结果吗？`,
      `明白了。你提到“${snippet}”，当时遇到的最大挑战是什么？你是怎么解决的？`,
    ];
    return zh[seed % zh.length];
  }
  const snippet = words.split(" ").slice(0, 8).join(" ");
  const en = [
    `Thanks for that. You mentioned "${snippet}" — could you walk me through your part in it and the result?`,
    `Understood. About "${snippet}": what was the hardest trade-off you made, and how did you measure success?`,
    `Good. Let's go deeper on "${snippet}" — what would you do differently next time?`,
  ];
  return snippet ? en[seed % en.length] : "Thanks. Could you tell me about a project you are proud of?";
}

/** Splits text into stream deltas: ~20-character slices for JSON, word groups for prose. */
function splitForStream(text: string, json: boolean): string[] {
  const cps = [...text];
  if (cps.length === 0) return [""];
  const out: string[] = [];
  if (json) {
    for (let i = 0; i < cps.length; i += 20) out.push(cps.slice(i, i + 20).join(""));
    return out;
  }
  const tokens = text.match(/\S+\s*|\s+/g) ?? [text];
  for (let i = 0; i < tokens.length; i += 2) out.push(tokens.slice(i, i + 2).join(""));
  return out;
}

/** Go-style duration as OpenAI sends in x-ratelimit-reset-*: "850ms", "12s", "1m30s". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const totalS = ms / 1000;
  const m = Math.floor(totalS / 60);
  const s = Math.round((totalS - m * 60) * 1000) / 1000;
  return m > 0 ? `${m}m${s}s` : `${s}s`;
}

/** The dimension of `/v1/embeddings` vectors when the request names none (text-embedding-3-small's). */
const FAKE_EMBEDDING_DIM = 1536;

/**
 * A deterministic, L2-normalised vector of `dim` numbers for `text`: its lower-cased words (and
 * Chinese characters) hashed into signed buckets, so texts sharing words are close (cosine) and
 * the same text always gets the same vector — enough for retrieval tests against the real client.
 */
export function fakeEmbedding(text: string, dim: number): number[] {
  const v: number[] = new Array<number>(dim).fill(0);
  for (const token of text.toLowerCase().match(/\p{Script=Han}|[\p{L}\p{N}]+/gu) ?? []) {
    const h = createHash("sha256").update(token).digest();
    v[h.readUInt32BE(0) % dim] += h[4] & 1 ? 1 : -1;
  }
  // A text without words still gets a unit vector.
  if (!v.some((x) => x !== 0)) v[0] = 1;
  const norm = Math.sqrt(v.reduce((a, x) => a + x * x, 0));
  return v.map((x) => x / norm);
}

/** `POST /v1/embeddings` (OpenAI's shape): `input` a string or strings, optional `dimensions`; usage counts words and Chinese characters. */
function handleEmbeddings(res: http.ServerResponse, rec: RecordedRequest, raw: string): void {
  let body: { model?: string; input?: string | string[]; dimensions?: number };
  try {
    body = JSON.parse(raw) as typeof body;
  } catch {
    sendError(res, rec, 400, "We could not parse the JSON body of your request.", "invalid_request_error", null, null);
    return;
  }
  rec.body = body;
  const inputs = typeof body.input === "string" ? [body.input] : body.input;
  if (!Array.isArray(inputs) || inputs.length === 0 || inputs.some((t) => typeof t !== "string")) {
    sendError(res, rec, 400, "'input' must be a string or a non-empty array of strings.", "invalid_request_error", "input", null);
    return;
  }
  const dim = typeof body.dimensions === "number" && body.dimensions > 0 ? Math.floor(body.dimensions) : FAKE_EMBEDDING_DIM;
  const tokens = inputs.reduce((n, t) => n + (t.match(/\p{Script=Han}|[\p{L}\p{N}]+/gu) ?? []).length, 0);
  sendJson(res, rec, 200, {
    object: "list",
    data: inputs.map((t, index) => ({ object: "embedding", index, embedding: fakeEmbedding(t, dim) })),
    model: body.model ?? "text-embedding-3-small",
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
}

function flattenHeaders(h: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(", ") : v;
  return out;
}

function readBody(req: http.IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) tooBig = true;
      else chunks.push(c);
    });
    req.on("end", () => resolve(tooBig ? null : Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function sendJson(res: http.ServerResponse, rec: RecordedRequest | undefined, status: number, payload: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed) return;
  const data = JSON.stringify(payload);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(data),
    ...headers,
  });
  res.end(data);
  if (rec) {
    rec.status = status;
    rec.finishedAt = Date.now();
  }
}

function sendError(
  res: http.ServerResponse,
  rec: RecordedRequest | undefined,
  status: number,
  message: string,
  type: string,
  param: string | null,
  code: string | null,
  headers: Record<string, string> = {},
): void {
  sendJson(res, rec, status, { error: { message, type, param, code } }, headers);
}

// ---------------------------------------------------------------------------------------
// CLI

function parseArgs(argv: string[]): FakeLlmOptions {
  const opts: FakeLlmOptions = { log: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [flag, inline] = a.includes("=") ? a.split(/=(.*)/s, 2) : [a, undefined];
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case "--port":
      case "-p":
        opts.port = Number(value());
        break;
      case "--host":
        opts.host = value();
        break;
      case "--rpm":
        opts.rpm = Number(value());
        break;
      case "--tpm":
        opts.tpm = Number(value());
        break;
      case "--per-second-allowance":
        opts.perSecondAllowance = Number(value());
        break;
      case "--latency-ms":
        opts.latencyMs = Number(value());
        break;
      case "--context-window":
        opts.contextWindow = Number(value());
        break;
      case "--quiet":
        opts.log = false;
        break;
      case "--omit-usage":
        opts.omitUsage = true;
        break;
      case "--gullible":
        opts.gullible = true;
        break;
      case "--wrong-language":
        opts.wrongLanguage = "always";
        break;
      case "--wrong-language-once":
        opts.wrongLanguage = "once";
        break;
      case "--help":
      case "-h":
        process.stdout.write(
          "usage: tsx scripts/fake-llm/server.ts [--port 4010] [--host 127.0.0.1] [--rpm N] [--tpm N] [--per-second-allowance A] [--latency-ms N] [--context-window N] [--omit-usage] [--gullible] [--wrong-language | --wrong-language-once] [--quiet]\n",
        );
        process.exit(0);
    }
  }
  if (opts.port === undefined) opts.port = Number(process.env.FAKE_LLM_PORT ?? 4010);
  return opts;
}

const invokedDirectly = (() => {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return import.meta.url === pathToFileURL(entry).href || /scripts[\\/]fake-llm[\\/]server\.ts$/.test(entry);
  } catch {
    return false;
  }
})();

if (invokedDirectly) {
  const opts = parseArgs(process.argv.slice(2));
  startFakeLlm(opts).then(
    (llm) => {
      process.stdout.write(`fake LLM listening on ${llm.url}  (LLM_BASE_URL=${llm.url} LLM_API_KEY=test)\n`);
      const stop = () => {
        llm.close().then(() => process.exit(0));
      };
      process.on("SIGINT", stop);
      process.on("SIGTERM", stop);
    },
    (e: Error) => {
      process.stderr.write(`fake LLM failed to start: ${e.message}\n`);
      process.exit(1);
    },
  );
}

export type { Json };
