/**
 * An AI SDK 6 UI message stream written straight as the bytes of its HTTP body — what
 * `createUIMessageStream` + `createUIMessageStreamResponse` produce (the UI message stream
 * protocol: Server-Sent Events, one `data: <chunk JSON>` event per chunk, then `data: [DONE]`;
 * AI SDK docs, "Stream Protocols"), without their three TransformStreams (message-id injection,
 * JSON → SSE, TextEncoderStream). Each hop costs promises and a copy per chunk; the chat streams
 * hundreds of chunks per turn (docs/benchmarks.md, "Interview chat streams").
 */
import type { UIMessageChunk } from "ai";

/** The headers `createUIMessageStreamResponse` sends (ai 6 `UI_MESSAGE_STREAM_HEADERS`). */
const UI_MESSAGE_STREAM_HEADERS = {
  "content-type": "text/event-stream",
  "cache-control": "no-cache",
  connection: "keep-alive",
  "x-vercel-ai-ui-message-stream": "v1",
  "x-accel-buffering": "no", // nginx: do not buffer the events
} as const;

const encoder = new TextEncoder();
const DONE = encoder.encode("data: [DONE]\n\n");

/** The writing end of a {@link uiMessageSse} stream. */
export interface UiMessageSseWriter {
  /** Sends one chunk; dropped once the client has gone (the work goes on). */
  write(chunk: UIMessageChunk): void;
  /** Ends the stream with `[DONE]`; later calls do nothing. */
  close(): void;
}

/**
 * A byte stream of UI message chunks and its writer. A client that disconnects cancels the
 * stream: writes after that are dropped silently, so the producer can finish (and save) its turn.
 */
export function uiMessageSse(): { body: ReadableStream<Uint8Array>; writer: UiMessageSseWriter } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let open = true;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      open = false;
    },
  });
  const writer: UiMessageSseWriter = {
    write(chunk) {
      if (open) controller.enqueue(encoder.encode(`data: ${JSON.stringify(chunk)}\n\n`));
    },
    close() {
      if (!open) return;
      open = false;
      controller.enqueue(DONE);
      controller.close();
    },
  };
  return { body, writer };
}

/** The HTTP answer for a {@link uiMessageSse} body: the protocol's headers, each of `headers` replacing the one of its name. */
export function uiMessageSseResponse(body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}): Response {
  const h = new Headers(UI_MESSAGE_STREAM_HEADERS);
  for (const [k, v] of Object.entries(headers)) h.set(k, v);
  return new Response(body, { headers: h });
}
