import { describe, expect, it } from "vitest";
import { forbiddenRange } from "@/lib/webhooks/ip-ranges";
import { checkCallbackUrl, type LookupAll, resolveCallbackTarget, webhookAllowHosts } from "@/lib/webhooks/url-policy";

const none = { allowHosts: [] };

describe("callback URL policy: refused without an allow-list", () => {
  it.each([
    ["ftp://example.com/hook", "unsupported_scheme"],
    ["file:///etc/passwd", "unsupported_scheme"],
    ["javascript:alert(1)", "unsupported_scheme"],
    ["not a url", "invalid_url"],
    [`https://example.com/${"a".repeat(2048)}`, "invalid_url"],
    ["https://user:secret@example.com/hook", "credentials_in_url"],
    // loopback, in every spelling the URL parser accepts
    ["http://127.0.0.1/", "forbidden_address"],
    ["http://127.1/", "forbidden_address"],
    ["http://2130706433/", "forbidden_address"],
    ["http://0x7f000001/", "forbidden_address"],
    ["http://017700000001/", "forbidden_address"],
    ["http://0x7f.1/", "forbidden_address"],
    ["http://127.0.0.1./", "forbidden_address"],
    ["http://[::1]:8080/", "forbidden_address"],
    ["http://[::ffff:127.0.0.1]/", "forbidden_address"],
    ["http://[::ffff:7f00:1]/", "forbidden_address"],
    ["http://[0:0:0:0:0:0:0:1]/", "forbidden_address"],
    ["http://localhost:3000/", "local_hostname"],
    ["http://LOCALHOST./", "local_hostname"],
    ["http://api.localhost/", "local_hostname"],
    // this network, private (RFC 1918), CGNAT, link-local, multicast, broadcast
    ["http://0/", "forbidden_address"],
    ["http://0.0.0.0:3000/", "forbidden_address"],
    ["http://10.0.0.1/", "forbidden_address"],
    ["http://172.16.0.1/", "forbidden_address"],
    ["http://172.31.255.254/", "forbidden_address"],
    ["http://192.168.1.10/", "forbidden_address"],
    ["http://100.64.0.1/", "forbidden_address"],
    ["http://100.127.255.254/", "forbidden_address"],
    ["http://169.254.169.254/latest/meta-data/", "forbidden_address"],
    ["http://224.0.0.251/", "forbidden_address"],
    ["http://255.255.255.255/", "forbidden_address"],
    // IPv6: unspecified, link-local, unique-local, multicast, IPv4 embedded in NAT64 / 6to4 / mapped
    ["http://[::]/", "forbidden_address"],
    ["http://[fe80::1]/", "forbidden_address"],
    ["http://[febf:ffff::1]/", "forbidden_address"],
    ["http://[fc00::1]/", "forbidden_address"],
    ["http://[fd12:3456:789a::1]/", "forbidden_address"],
    ["http://[ff02::1]/", "forbidden_address"],
    ["http://[::ffff:10.0.0.1]/", "forbidden_address"],
    ["http://[::ffff:169.254.169.254]/", "forbidden_address"],
    ["http://[64:ff9b::a9fe:a9fe]/", "forbidden_address"],
    ["http://[2002:7f00:1::]/", "forbidden_address"],
  ])("%s → %s", (url, code) => {
    const r = checkCallbackUrl(url, none);
    expect(r).toMatchObject({ ok: false, code });
    if (!r.ok) expect(r.message).not.toBe("");
  });
});

describe("callback URL policy: accepted", () => {
  it.each([
    "https://example.com/hooks/panelist?token=abc",
    "http://example.com:8080/hook",
    "http://8.8.8.8/",
    "http://172.32.0.1/", // just past 172.16.0.0/12
    "http://100.128.0.1/", // just past 100.64.0.0/10
    "http://169.255.0.1/",
    "http://[2606:4700:4700::1111]/",
    "http://[::ffff:8.8.8.8]/",
  ])("%s", (url) => {
    expect(checkCallbackUrl(url, none)).toEqual({ ok: true });
  });
});

describe("WEBHOOK_ALLOW_HOSTS", () => {
  it("parses comma-separated hosts and host:port entries", () => {
    expect(webhookAllowHosts(" 127.0.0.1, Hooks.internal:8443 ,[::1]:9000,")).toEqual(["127.0.0.1", "hooks.internal:8443", "[::1]:9000"]);
    expect(webhookAllowHosts(undefined)).toEqual([]);
  });

  it("a listed host is accepted on any port; other loopback names stay refused", () => {
    const allowHosts = ["127.0.0.1"];
    expect(checkCallbackUrl("http://127.0.0.1:4567/hook", { allowHosts })).toEqual({ ok: true });
    // the parser's canonical form of 2130706433 is 127.0.0.1: the same host
    expect(checkCallbackUrl("http://2130706433:4567/hook", { allowHosts })).toEqual({ ok: true });
    expect(checkCallbackUrl("http://localhost:4567/hook", { allowHosts })).toMatchObject({ ok: false, code: "local_hostname" });
    expect(checkCallbackUrl("http://[::1]:4567/hook", { allowHosts })).toMatchObject({ ok: false, code: "forbidden_address" });
    expect(checkCallbackUrl("http://10.0.0.1/", { allowHosts })).toMatchObject({ ok: false, code: "forbidden_address" });
  });

  it("a host:port entry admits that port only; IPv6 entries are bracketed", () => {
    expect(checkCallbackUrl("http://127.0.0.1:9000/", { allowHosts: ["127.0.0.1:9000"] })).toEqual({ ok: true });
    expect(checkCallbackUrl("http://127.0.0.1:9001/", { allowHosts: ["127.0.0.1:9000"] })).toMatchObject({ ok: false });
    expect(checkCallbackUrl("http://10.1.1.1/", { allowHosts: ["10.1.1.1:80"] })).toEqual({ ok: true });
    expect(checkCallbackUrl("http://[::1]:3000/", { allowHosts: ["[::1]"] })).toEqual({ ok: true });
    expect(checkCallbackUrl("http://[::1]:3000/", { allowHosts: ["[::1]:3000"] })).toEqual({ ok: true });
  });

  it("is read from the environment by default", () => {
    const before = process.env.WEBHOOK_ALLOW_HOSTS;
    process.env.WEBHOOK_ALLOW_HOSTS = "127.0.0.1";
    try {
      expect(checkCallbackUrl("http://127.0.0.1:1/")).toEqual({ ok: true });
    } finally {
      if (before === undefined) delete process.env.WEBHOOK_ALLOW_HOSTS;
      else process.env.WEBHOOK_ALLOW_HOSTS = before;
    }
  });
});

describe("send-time check: the name is resolved and every address judged (DNS rebinding)", () => {
  const dnsOf =
    (answers: Record<string, { address: string; family: number }[]>): LookupAll =>
    async (host) => {
      const a = answers[host];
      if (!a) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
      return a;
    };
  const lookup = dnsOf({
    "public.test": [{ address: "93.184.216.34", family: 4 }],
    "loopback.test": [{ address: "127.0.0.1", family: 4 }],
    "metadata.test": [{ address: "169.254.169.254", family: 4 }],
    "mixed.test": [
      { address: "93.184.216.34", family: 4 },
      { address: "10.0.0.5", family: 4 },
    ],
    "v6.test": [{ address: "::1", family: 6 }],
    "mapped.test": [{ address: "::ffff:192.168.0.1", family: 6 }],
  });

  it("a public name resolves to the address the request must use", async () => {
    const r = await resolveCallbackTarget("https://public.test/hook", { allowHosts: [], lookup });
    expect(r).toMatchObject({ ok: true, address: "93.184.216.34", family: 4 });
  });

  it.each(["loopback.test", "metadata.test", "mixed.test", "v6.test", "mapped.test"])(
    "a name resolving to a forbidden address (%s) is refused",
    async (host) => {
      const r = await resolveCallbackTarget(`http://${host}/hook`, { allowHosts: [], lookup });
      expect(r).toMatchObject({ ok: false, code: "forbidden_address" });
      if (!r.ok) expect(r.message).toContain(host);
    },
  );

  it("allow-listing 127.0.0.1 does not admit a name that resolves to it; listing the name does", async () => {
    expect(await resolveCallbackTarget("http://loopback.test/", { allowHosts: ["127.0.0.1"], lookup })).toMatchObject({ ok: false });
    expect(await resolveCallbackTarget("http://loopback.test/", { allowHosts: ["loopback.test"], lookup })).toMatchObject({
      ok: true,
      address: "127.0.0.1",
    });
  });

  it("a name that does not resolve is a retryable dns_failed", async () => {
    expect(await resolveCallbackTarget("http://nowhere.test/", { allowHosts: [], lookup })).toMatchObject({ ok: false, code: "dns_failed" });
  });

  it("static refusals come before any lookup", async () => {
    let looked = false;
    const spy: LookupAll = async () => {
      looked = true;
      return [];
    };
    expect(await resolveCallbackTarget("http://localhost/", { allowHosts: [], lookup: spy })).toMatchObject({ code: "local_hostname" });
    expect(await resolveCallbackTarget("http://[::1]/", { allowHosts: [], lookup: spy })).toMatchObject({ code: "forbidden_address" });
    expect(looked).toBe(false);
  });
});

describe("forbidden ranges cite their source", () => {
  it.each([
    ["10.2.3.4", "RFC 1918"],
    ["100.100.0.1", "RFC 6598"],
    ["169.254.0.1", "RFC 3927"],
    ["fd00::1", "RFC 4193"],
    ["fe80::abcd", "RFC 4291 §2.5.6"],
    ["::ffff:172.20.0.1", "RFC 1918"],
  ])("%s → %s", (address, rfc) => {
    expect(forbiddenRange(address)?.rfc).toBe(rfc);
  });

  it("public addresses are not in any range", () => {
    for (const a of ["1.1.1.1", "8.8.4.4", "2606:4700::6810:84e5", "64:ff9b::808:808"]) expect(forbiddenRange(a)).toBeNull();
  });
});
