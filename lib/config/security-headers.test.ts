import { describe, expect, it } from "vitest";
import nextConfig from "@/next.config";
import { contentSecurityPolicy, securityHeaderRules } from "./security-headers";

const header = (rules: ReturnType<typeof securityHeaderRules>, source: string, key: string) =>
  rules.find((r) => r.source === source)?.headers.find((h) => h.key === key)?.value;

describe("security headers", () => {
  it("the production CSP allows no eval; next dev's allows it (React Refresh) and its websocket", () => {
    const prod = contentSecurityPolicy(false);
    expect(prod).not.toContain("unsafe-eval");
    expect(prod).not.toContain("ws:");
    for (const d of ["default-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "connect-src 'self'"]) {
      expect(prod).toContain(d);
    }
    expect(contentSecurityPolicy(true)).toContain("'unsafe-eval'");
  });

  it("HSTS only for an https APP_URL", () => {
    expect(header(securityHeaderRules({ dev: false, appUrl: "https://panelist.example" }), "/:path*", "Strict-Transport-Security")).toMatch(/^max-age=\d+/);
    expect(header(securityHeaderRules({ dev: false, appUrl: "http://localhost:3000" }), "/:path*", "Strict-Transport-Security")).toBeUndefined();
    expect(header(securityHeaderRules({ dev: false, appUrl: undefined }), "/:path*", "Strict-Transport-Security")).toBeUndefined();
  });

  it("/api is no-store, and the streams' no-store, no-transform rule comes after it (the later rule wins in Next)", () => {
    const rules = securityHeaderRules({ dev: false, appUrl: undefined });
    const api = rules.findIndex((r) => r.source === "/api/:path*");
    expect(header(rules, "/api/:path*", "Cache-Control")).toBe("no-store");
    for (const stream of ["/api/tasks/:id/events", "/api/interviews/:id/chat"]) {
      expect(rules.findIndex((r) => r.source === stream)).toBeGreaterThan(api);
      expect(header(rules, stream, "Cache-Control")).toBe("no-store, no-transform");
    }
  });

  it("next.config sends them and no X-Powered-By", async () => {
    expect(nextConfig.poweredByHeader).toBe(false);
    const rules = await nextConfig.headers!();
    expect(rules.map((r) => r.source)).toEqual(securityHeaderRules({ dev: false, appUrl: process.env.APP_URL }).map((r) => r.source));
  });
});
