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
import { BlockList, isIP, SocketAddress } from "node:net";

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
    if (!addCidr(list, entry)) {
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not a hop count, an IP address, a CIDR range, "loopback" or "private"`);
    }
  }
  return { kind: "list", list };
}

/**
 * Adds a CIDR range (`203.0.113.0/24`, `2001:db8::/32`) or a lone address (as /32 or /128) to `list`.
 * @returns false, adding nothing, when `value` is neither.
 */
export function addCidr(list: BlockList, value: string): boolean {
  const [addr = "", prefixRaw, ...rest] = value.trim().split("/");
  const type = isIP(addr);
  const max = type === 6 ? 128 : 32;
  if (!type || rest.length > 0 || (prefixRaw !== undefined && !/^\d{1,3}$/.test(prefixRaw))) return false;
  const prefix = prefixRaw === undefined ? max : Number(prefixRaw);
  if (prefix > max) return false;
  list.addSubnet(addr, prefix, type === 6 ? "ipv6" : "ipv4");
  return true;
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
  return isIP(ip) === 6 ? `${networkAddress(ip, 64)}/64` : ip;
}

/**
 * The network address of `ip` under a `prefix`-bit mask, in canonical form
 * (`2001:DB8:0:0:1::5`, 48 → `2001:db8::`; `203.0.113.9`, 24 → `203.0.113.0`).
 * @param ip an address `isIP` accepts (no zone id).
 */
export function networkAddress(ip: string, prefix: number): string {
  const v6 = isIP(ip) === 6;
  const bytes = v6 ? ipv6Bytes(ip) : ip.split(".").map(Number);
  for (let i = 0; i < bytes.length; i++) {
    const keep = Math.max(0, Math.min(8, prefix - i * 8));
    bytes[i] = bytes[i]! & ((0xff << (8 - keep)) & 0xff);
  }
  if (!v6) return bytes.join(".");
  const groups = Array.from({ length: 8 }, (_, g) => ((bytes[2 * g]! << 8) | bytes[2 * g + 1]!).toString(16)).join(":");
  return new SocketAddress({ address: groups, family: "ipv6" }).address;
}

/** The 16 bytes of an IPv6 address `isIP` accepted (`::` and an embedded IPv4 tail included). */
function ipv6Bytes(addr: string): number[] {
  let text = addr.toLowerCase();
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split(".").map(Number);
    text = `${text.slice(0, v4.index)}${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const h = head ? head.split(":") : [];
  const t = tail !== undefined && tail !== "" ? tail.split(":") : [];
  const groups = tail === undefined ? h : [...h, ...Array<string>(8 - h.length - t.length).fill("0"), ...t];
  return groups.flatMap((g) => {
    const n = Number.parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
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
