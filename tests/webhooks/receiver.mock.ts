import http from "node:http";
import type { AddressInfo } from "node:net";

/** What the receiver does with one request. */
export type Reply = { status: number; headers?: Record<string, string>; body?: string } | "hang";

export type ReceivedRequest = { method: string; path: string; headers: http.IncomingHttpHeaders; body: string };

/**
 * A webhook receiver on 127.0.0.1 (node:http, free port). Replies come from `replies` in
 * order (the last one repeats); `hang` never answers (the test's close() drops the socket).
 */
export async function startReceiver(replies: Reply[] = [{ status: 200 }]) {
  const received: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const reply = replies[Math.min(received.length - 1, replies.length - 1)];
      if (reply === "hang") return;
      res.writeHead(reply.status, reply.headers).end(reply.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}/hook`,
    received,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
