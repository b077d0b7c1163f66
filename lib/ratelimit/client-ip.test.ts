import { BlockList } from "node:net";
import { describe, expect, it } from "vitest";
import { addCidr, clientAddress, networkAddress, parseTrustedProxies } from "./client-ip";

const h = (xff: string | null, peer: string | null) => {
  const headers = new Headers();
  if (xff !== null) headers.set("x-forwarded-for", xff);
  if (peer !== null) headers.set("x-panelist-peer", peer);
  return headers;
};

describe("clientAddress", () => {
  it("without trusted proxies the peer is the client, whatever X-Forwarded-For says", () => {
    expect(clientAddress(h("1.2.3.4, 5.6.7.8", "198.51.100.7"), parseTrustedProxies(""))).toEqual({ ip: "198.51.100.7", key: "198.51.100.7" });
  });

  it("a hop count believes exactly that many entries from the right", () => {
    expect(clientAddress(h("6.6.6.6, 203.0.113.9", "10.0.0.2"), parseTrustedProxies("1")).ip).toBe("203.0.113.9");
  });

  it("a list of proxies is walked from the right to the first address not in it", () => {
    const trust = parseTrustedProxies("10.0.0.0/8, loopback");
    expect(clientAddress(h("6.6.6.6, 203.0.113.9, 10.1.2.3", "127.0.0.1"), trust).ip).toBe("203.0.113.9");
  });

  it("IPv4-mapped addresses are unwrapped; an IPv6 client is keyed by its /64", () => {
    expect(clientAddress(h(null, "::ffff:203.0.113.5"), parseTrustedProxies("")).ip).toBe("203.0.113.5");
    expect(clientAddress(h(null, "2001:db8:1:2:aaaa::1"), parseTrustedProxies(""))).toEqual({ ip: "2001:db8:1:2:aaaa::1", key: "2001:db8:1:2::/64" });
  });

  it("nothing readable is 'unknown'; a malformed TRUSTED_PROXIES throws naming the entry", () => {
    expect(clientAddress(h("not-an-ip", null), parseTrustedProxies(""))).toEqual({ ip: "unknown", key: "unknown" });
    expect(() => parseTrustedProxies("10.0.0.0/33")).toThrow(/10\.0\.0\.0\/33/);
  });
});

describe("networkAddress and addCidr", () => {
  it("masks to the network in canonical form", () => {
    expect(networkAddress("203.0.113.9", 24)).toBe("203.0.113.0");
    expect(networkAddress("2001:DB8:0:0:1::5", 48)).toBe("2001:db8::");
    expect(networkAddress("2001:db8:1:2:aaaa::1", 64)).toBe("2001:db8:1:2::");
  });

  it("adds a range or a lone address, and refuses anything else", () => {
    const list = new BlockList();
    expect(addCidr(list, "203.0.113.0/24")).toBe(true);
    expect(addCidr(list, "2001:db8::1")).toBe(true);
    expect(list.check("203.0.113.77", "ipv4")).toBe(true);
    expect(list.check("2001:db8::1", "ipv6")).toBe(true);
    expect(list.check("2001:db8::2", "ipv6")).toBe(false);
    for (const bad of ["203.0.113.0/40", "nope", "1.2.3.4/24/1", "1.2.3.4/x"]) expect(addCidr(list, bad), bad).toBe(false);
  });
});
