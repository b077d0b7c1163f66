/**
 * The chat benchmarks' streaming client (global fetch = undici, shipped with Node): one
 * streaming request read to its end, timed — request sent → response headers → first non-empty
 * text delta → end — for an AI SDK UI message stream or an OpenAI Chat Completions stream.
 */

import type { CookieJar } from "@/tests/helpers/cookie-jar";

export type StreamResult = {
  status: number;
  /** Epoch ms when the request was sent. */
  sentAt: number;
  headersMs: number;
  /** Request sent → first non-empty text delta. */
  ttftMs: number;
  totalMs: number;
  text: string;
  deltas: number;
  contentEncoding: string | null;
  error: string | null;
};

/** Live counts of one phase's streams: response headers received, first text received, finished. */
export type Tracker = { open: number; streaming: number; done: number };

/**
 * Sends one streaming request and reads its SSE body to the end.
 * @param kind `ui` — AI SDK UI message stream (`text-delta` chunks); `openai` — Chat Completions chunks.
 * @param jar the client's cookies: its `Cookie` header replaces the one of `init` at the moment
 *   of sending, and the response's `Set-Cookie` lines go back into it (a browser's behaviour).
 */
export async function runStream(url: string, init: RequestInit, kind: "ui" | "openai", tracker?: Tracker, jar?: CookieJar): Promise<StreamResult> {
  const t0 = performance.now();
  const r: StreamResult = {
    status: 0,
    sentAt: performance.timeOrigin + t0,
    headersMs: Number.NaN,
    ttftMs: Number.NaN,
    totalMs: Number.NaN,
    text: "",
    deltas: 0,
    contentEncoding: null,
    error: null,
  };
  let opened = false;
  let streaming = false;
  try {
    const res = await fetch(url, jar ? withCookies(init, jar) : init);
    jar?.update(res.headers);
    r.headersMs = performance.now() - t0;
    r.status = res.status;
    r.contentEncoding = res.headers.get("content-encoding");
    if (tracker) tracker.open++;
    opened = true;
    if (!res.ok || !res.body) {
      r.error = `HTTP ${res.status}: ${(await res.text()).slice(0, 200)}`;
      return r;
    }
    const decoder = new TextDecoder();
    let buf = "";
    const reader = res.body.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += decoder.decode(value, { stream: true });
      for (let nl = buf.indexOf("\n"); nl >= 0; nl = buf.indexOf("\n")) {
        const line = buf.slice(0, nl).trimEnd();
        buf = buf.slice(nl + 1);
        if (!line.startsWith("data:")) continue;
        const data = line.slice(5).trim();
        if (data === "[DONE]" || data === "") continue;
        let delta = "";
        const chunk = JSON.parse(data) as {
          type?: string;
          delta?: string;
          errorText?: string;
          choices?: { delta?: { content?: string | null } }[];
        };
        if (kind === "ui") {
          if (chunk.type === "text-delta") delta = chunk.delta ?? "";
          else if (chunk.type === "error") r.error = `stream error: ${chunk.errorText}`;
        } else {
          delta = chunk.choices?.[0]?.delta?.content ?? "";
        }
        if (delta) {
          if (r.deltas === 0) {
            r.ttftMs = performance.now() - t0;
            if (tracker) tracker.streaming++;
            streaming = true;
          }
          r.deltas++;
          r.text += delta;
        }
      }
    }
    r.totalMs = performance.now() - t0;
    if (!r.text && !r.error) r.error = "no text";
  } catch (err) {
    r.error = String(err);
  } finally {
    if (tracker) {
      if (opened) tracker.open--;
      if (streaming) tracker.streaming--;
      tracker.done++;
    }
  }
  return r;
}

/** `init` with its `Cookie` header taken from `jar` now. */
export function withCookies(init: RequestInit, jar: CookieJar): RequestInit {
  const headers = new Headers(init.headers);
  const cookie = jar.header();
  if (cookie) headers.set("cookie", cookie);
  else headers.delete("cookie");
  return { ...init, headers };
}
