import net from "node:net";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, PanelistError, toErrorResponse } from "./errors";

/** A port nobody listens on. */
async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function errorOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error("expected an error");
}

describe("toErrorResponse", () => {
  it("a database that cannot be reached is 503 unavailable:database with Retry-After, also when wrapped", async () => {
    const sql = postgres(`postgres://postgres@127.0.0.1:${await closedPort()}/x`, { max: 1, connect_timeout: 2, onnotice: () => {} });
    const err = await errorOf(() => sql`select 1`);
    await sql.end({ timeout: 1 });
    for (const e of [err, new Error("Failed query: select 1", { cause: err })]) {
      expect(isDatabaseUnavailable(e)).toBe(true);
      const res = toErrorResponse(e);
      expect(res.status).toBe(503);
      expect(res.headers.get("Retry-After")).toBe("5");
      expect(await res.json()).toMatchObject({ code: "unavailable:database" });
    }
  });

  it("a wrong query stays a 500 that leaks nothing", async () => {
    const sql = postgres(serverUrl, { max: 1, onnotice: () => {} });
    const err = await errorOf(() => sql`selec 1`);
    await sql.end({ timeout: 1 });
    expect(isDatabaseUnavailable(err)).toBe(false);
    const res = toErrorResponse(err);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ code: "internal:api", message: expect.not.stringContaining("selec") });
  });

  it("a PanelistError answers its own status and headers", async () => {
    const res = toErrorResponse(new PanelistError("unavailable:llm", "busy", { headers: { "Retry-After": "7" } }));
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("7");
  });
});
