import { getDb } from "@/lib/db/client";
import { getTaskForOwner } from "@/lib/db/queries/tasks";
import { PanelistError } from "@/lib/errors";
import { getTaskEventHub } from "@/lib/queue/events";
import { isEnded, toTaskBody } from "@/lib/tasks/view";
import { idParams } from "../../../_lib/input";
import { methodNotAllowed } from "../../../_lib/method-not-allowed";
import { route } from "../../../_lib/route";

export const dynamic = "force-dynamic";

/** Heartbeat comment interval, ms: keeps proxies from closing an idle stream (docs/deploy.md: a load balancer's idle timeout must exceed it). */
const HEARTBEAT_MS = 15_000;
/** A stream lives at most this long; EventSource reconnects by itself. */
const MAX_STREAM_MS = 10 * 60_000;

/**
 * SSE: `event: status` with the task body — a snapshot first, then one per change (woken by
 * Redis pub/sub, or by the hub's sweep when a status changed without an event; the database
 * is read once per wake-up, never on a per-stream timer), a comment heartbeat
 * every 15 s, closed after an end state or after 10 min (EventSource reconnects by itself).
 */
export const GET = route({
  permission: "task:read",
  params: idParams,
  notFound: "not_found:task",
  handler: async ({ req, scope, params }) => {
    const db = getDb();
    const read = () => getTaskForOwner(db, { id: params.id, ...scope });
    const watch = await getTaskEventHub().watch(params.id);
    const first = await read().catch((e) => {
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
          while (!isEnded(last)) {
            // null: the client left or the stream's life is over (the reconnect brings a snapshot).
            // A wake-up re-reads the database: the event may race its commit, or be a resync.
            const ev = await watch.next(deadline - Date.now(), abort.signal);
            if (!ev) break;
            const fresh = await read();
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
  },
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
