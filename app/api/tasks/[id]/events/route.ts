import { getDb } from "@/lib/db/client";
import { PanelistError } from "@/lib/errors";
import { getTaskEventHub } from "@/lib/queue/events";
import { getOwnedTask, isEnded, toTaskBody } from "@/lib/tasks/view";
import { withUser } from "../../../_lib/handler";

export const dynamic = "force-dynamic";

/** Heartbeat comment interval, ms: keeps proxies from closing an idle stream (DESIGN.md §5). */
const HEARTBEAT_MS = 15_000;
/** A stream lives at most this long; EventSource reconnects by itself. */
const MAX_STREAM_MS = 10 * 60_000;

/**
 * SSE: `event: status` with the task body — a snapshot first, then one per change (woken by
 * Redis pub/sub), a comment heartbeat every 15 s, closed after an end state.
 */
export const GET = withUser<{ id: string }>(async ({ req, user, params }) => {
  const db = getDb();
  const watch = await getTaskEventHub().watch(params.id);
  const first = await getOwnedTask(db, { id: params.id, ownerId: user.id }).catch((e) => {
    watch.close();
    throw e;
  });
  if (!first) {
    watch.close();
    throw new PanelistError("not_found:task", "No such task.");
  }
  const encoder = new TextEncoder();
  const abort = new AbortController();
  req.signal.addEventListener("abort", () => abort.abort(), { once: true });

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => controller.enqueue(encoder.encode(text));
      const sendStatus = (body: unknown) => send(`event: status\ndata: ${JSON.stringify(body)}\n\n`);
      const heartbeat = setInterval(() => {
        try {
          send(`: heartbeat ${Date.now()}\n\n`);
        } catch {
          abort.abort();
        }
      }, HEARTBEAT_MS);
      try {
        send("retry: 2000\n\n");
        sendStatus(toTaskBody(first));
        let last = first.status;
        const deadline = Date.now() + MAX_STREAM_MS;
        while (!isEnded(last) && !abort.signal.aborted && Date.now() < deadline) {
          await watch.next(Math.min(HEARTBEAT_MS * 2, deadline - Date.now()), abort.signal);
          if (abort.signal.aborted) break;
          // Re-read on every wake-up (and every 30 s without one) so a lost event costs little.
          const fresh = await getOwnedTask(db, { id: params.id, ownerId: user.id });
          if (!fresh) break;
          if (fresh.status !== last) {
            sendStatus(toTaskBody(fresh));
            last = fresh.status;
          }
        }
      } catch {
        // client went away or the database failed: end the stream; EventSource reconnects
      } finally {
        clearInterval(heartbeat);
        watch.close();
        try {
          controller.close();
        } catch {
          /* already closed */
        }
      }
    },
    cancel() {
      abort.abort();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
});
