/**
 * The client address a request's limits are counted against (docs/security.md, "Client address").
 *
 * The web server writes the connection's own peer address into `x-panelist-peer` on every
 * request, overwriting whatever a client sent (patches/next+16.4.6.patch). `X-Forwarded-For` is
 * only believed as far as `TRUSTED_PROXIES` allows:
 * - unset or empty — no proxy in front: the peer is the client; `X-Forwarded-For` is ignored;
 * - a number `N` — exactly N proxies in front, each appending the address it saw: the client is
 *   the N-th entry from the right of `[...X-Forwarded-For, peer]` (Express' `trust proxy` hop count);
 * - a comma-separated list of addresses and CIDR ranges (`10.0.0.0/8, 2001:db8::/32`, or the
 *   keywords `loopback`, `private`) — walk `[...X-Forwarded-For, peer]` from the right and take
 *   the first address not in the list (the "rightmost untrusted" rule of MDN's X-Forwarded-For
 *   page, "Selecting an IP address").
 * A client can therefore prepend anything to `X-Forwarded-For`: it is never read past the last
 * trusted hop.
 */
import { BlockList, isIP } from "node:net";

const PEER_HEADER = "x-panelist-peer";

/** Where a request came from, as the limiter keys it. */
export interface ClientAddress {
  /** The address itself (IPv4 dotted, IPv6 compressed, IPv4-mapped IPv6 unwrapped), or `unknown`. */
  ip: string;
  /** The limiter's key: the IPv4 address, or the IPv6 /64 it lies in (one host is given a whole /64, RFC 6177). */
  key: string;
}

type Trust = { kind: "none" } | { kind: "hops"; hops: number } | { kind: "list"; list: BlockList };

const KEYWORDS: Record<string, [string, number, "ipv4" | "ipv6"][]> = {
  loopback: [
    ["127.0.0.0", 8, "ipv4"],
    ["::1", 128, "ipv6"],
  ],
  private: [
    ["10.0.0.0", 8, "ipv4"],
    ["172.16.0.0", 12, "ipv4"],
    ["192.168.0.0", 16, "ipv4"],
    ["fc00::", 7, "ipv6"],
  ],
};

/**
 * Parses `TRUSTED_PROXIES`.
 * @throws {Error} naming the entry that is neither a hop count, an address, a CIDR range nor a keyword.
 */
export function parseTrustedProxies(raw: string | undefined): Trust {
  const v = raw?.trim() ?? "";
  if (!v) return { kind: "none" };
  if (/^\d+$/.test(v)) return Number(v) === 0 ? { kind: "none" } : { kind: "hops", hops: Number(v) };
  const list = new BlockList();
  for (const entry of v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const keyword = KEYWORDS[entry.toLowerCase()];
    if (keyword) {
      for (const [net, prefix, type] of keyword) list.addSubnet(net, prefix, type);
      continue;
    }
    const [addr, prefixRaw] = entry.split("/");
    const type = isIP(addr ?? "");
    const prefix = prefixRaw === undefined ? (type === 6 ? 128 : 32) : Number(prefixRaw);
    if (!type || !Number.isInteger(prefix) || prefix < 0 || prefix > (type === 6 ? 128 : 32)) {
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not a hop count, an IP address, a CIDR range, "loopback" or "private"`);
    }
    list.addSubnet(addr!, prefix, type === 6 ? "ipv6" : "ipv4");
  }
  return { kind: "list", list };
}

let cached: { raw: string | undefined; trust: Trust } | undefined;
function trustFromEnv(): Trust {
  const raw = process.env.TRUSTED_PROXIES;
  if (!cached || cached.raw !== raw) cached = { raw, trust: parseTrustedProxies(raw) };
  return cached.trust;
}

/** `::ffff:203.0.113.5` → `203.0.113.5`; brackets and a zone id dropped; anything not an address → null. */
function normalize(raw: string): string | null {
  let a = raw.trim();
  if (a.startsWith("[")) a = a.slice(1, a.indexOf("]") > 0 ? a.indexOf("]") : undefined);
  const zone = a.indexOf("%");
  if (zone > 0) a = a.slice(0, zone);
  // An IPv4 address with a port, as some proxies write it.
  if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(":"));
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(a);
  if (mapped) a = mapped[1]!;
  return isIP(a) ? a.toLowerCase() : null;
}

/** The IPv6 /64 of `ip` as `2001:db8:1:2::/64`; IPv4 unchanged. */
function limiterKey(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const groups = expandV6(ip);
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

function expandV6(ip: string): string[] {
  const [head, tail] = ip.includes("::") ? ip.split("::") : [ip, undefined];
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const fill = tail === undefined ? [] : Array<string>(8 - h.length - t.length).fill("0");
  return [...h, ...fill, ...t].map((g) => g.padStart(4, "0"));
}

/**
 * The client address of `headers` under `TRUSTED_PROXIES` (or `trust`, for tests).
 * A request without the peer header (a test's hand-made Request, a server without the patch)
 * has only `X-Forwarded-For` to go on: its last entry stands in for the peer.
 * @returns `{ip: "unknown", key: "unknown"}` when no address can be read: every such request shares one bucket.
 * @throws {Error} when `TRUSTED_PROXIES` is malformed (see {@link parseTrustedProxies}).
 */
export function clientAddress(headers: Headers, trust: Trust = trustFromEnv()): ClientAddress {
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const peer = headers.get(PEER_HEADER);
  const chain = peer ? [...forwarded, peer] : forwarded;
  let chosen: string | undefined;
  if (trust.kind === "none") chosen = chain.at(-1);
  else if (trust.kind === "hops") chosen = chain[Math.max(0, chain.length - 1 - trust.hops)];
  else {
    for (let i = chain.length - 1; i >= 0; i--) {
      const a = normalize(chain[i]!);
      chosen = chain[i];
      if (!a || !trust.list.check(a, isIP(a) === 6 ? "ipv6" : "ipv4")) break;
    }
  }
  const ip = chosen ? normalize(chosen) : null;
  return ip ? { ip, key: limiterKey(ip) } : { ip: "unknown", key: "unknown" };
}
