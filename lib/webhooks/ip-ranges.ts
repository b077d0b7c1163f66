import net from "node:net";

/** A block of addresses a callback may not reach, with the document that reserves it. */
type ForbiddenRange = { cidr: string; name: string; rfc: string };

/**
 * Addresses that are not "somewhere on the public Internet": a callback to them would let a
 * client make the worker talk to its own network (SSRF). From the IANA special-purpose
 * registries (RFC 6890), plus multicast and the IPv6 prefixes that embed an IPv4 address
 * (checked again on the embedded address, see {@link forbiddenRange}).
 */
const IPV4_RANGES: ForbiddenRange[] = [
  { cidr: "0.0.0.0/8", name: "this network (0.0.0.0)", rfc: "RFC 1122 §3.2.1.3" },
  { cidr: "10.0.0.0/8", name: "private", rfc: "RFC 1918" },
  { cidr: "100.64.0.0/10", name: "carrier-grade NAT", rfc: "RFC 6598" },
  { cidr: "127.0.0.0/8", name: "loopback", rfc: "RFC 1122 §3.2.1.3" },
  { cidr: "169.254.0.0/16", name: "link-local (cloud metadata lives here)", rfc: "RFC 3927" },
  { cidr: "172.16.0.0/12", name: "private", rfc: "RFC 1918" },
  { cidr: "192.0.0.0/24", name: "IETF protocol assignments", rfc: "RFC 6890" },
  { cidr: "192.0.2.0/24", name: "documentation", rfc: "RFC 5737" },
  { cidr: "192.168.0.0/16", name: "private", rfc: "RFC 1918" },
  { cidr: "198.18.0.0/15", name: "benchmarking", rfc: "RFC 2544" },
  { cidr: "198.51.100.0/24", name: "documentation", rfc: "RFC 5737" },
  { cidr: "203.0.113.0/24", name: "documentation", rfc: "RFC 5737" },
  { cidr: "224.0.0.0/4", name: "multicast", rfc: "RFC 5771" },
  { cidr: "240.0.0.0/4", name: "reserved and broadcast", rfc: "RFC 1112 §4, RFC 919" },
];

const IPV6_RANGES: ForbiddenRange[] = [
  { cidr: "::/128", name: "unspecified", rfc: "RFC 4291 §2.5.2" },
  { cidr: "::1/128", name: "loopback", rfc: "RFC 4291 §2.5.3" },
  { cidr: "::/96", name: "IPv4-compatible (deprecated)", rfc: "RFC 4291 §2.5.5.1" },
  { cidr: "64:ff9b:1::/48", name: "local-use IPv4/IPv6 translation", rfc: "RFC 8215" },
  { cidr: "100::/64", name: "discard-only", rfc: "RFC 6666" },
  { cidr: "2001::/32", name: "Teredo", rfc: "RFC 4380" },
  { cidr: "2001:db8::/32", name: "documentation", rfc: "RFC 3849" },
  { cidr: "fc00::/7", name: "unique-local", rfc: "RFC 4193" },
  { cidr: "fe80::/10", name: "link-local", rfc: "RFC 4291 §2.5.6" },
  { cidr: "fec0::/10", name: "site-local (deprecated)", rfc: "RFC 3879" },
  { cidr: "ff00::/8", name: "multicast", rfc: "RFC 4291 §2.7" },
];

/** IPv6 prefixes whose low bits carry an IPv4 address that is checked in turn. */
const EMBEDDED_IPV4: { prefix: string; bits: number; offset: number; rfc: string }[] = [
  { prefix: "::ffff:0:0", bits: 96, offset: 12, rfc: "RFC 4291 §2.5.5.2 (IPv4-mapped)" },
  { prefix: "64:ff9b::", bits: 96, offset: 12, rfc: "RFC 6052 (NAT64)" },
  { prefix: "2002::", bits: 16, offset: 2, rfc: "RFC 3056 (6to4)" },
];

type Parsed = { bytes: Uint8Array; bits: number; range: ForbiddenRange };
const parsedV4 = IPV4_RANGES.map((r) => parseCidr(r));
const parsedV6 = IPV6_RANGES.map((r) => parseCidr(r));

/**
 * The forbidden range `address` falls in, or null when it is an ordinary public address.
 * IPv4-mapped (`::ffff:127.0.0.1`), NAT64 and 6to4 IPv6 addresses are judged by the IPv4
 * address they embed.
 *
 * @param address a literal IPv4 or IPv6 address (no brackets, no zone), as `dns.lookup` or
 *   `new URL().hostname` (brackets stripped) give it.
 * @throws {TypeError} when `address` is not an IP literal.
 */
export function forbiddenRange(address: string): ForbiddenRange | null {
  const family = net.isIP(address);
  if (family === 4) return match(ipv4Bytes(address), parsedV4);
  if (family !== 6) throw new TypeError(`not an IP address: ${address}`);
  const bytes = ipv6Bytes(address);
  for (const e of EMBEDDED_IPV4) {
    if (prefixMatches(bytes, ipv6Bytes(e.prefix), e.bits)) {
      const inner = match(bytes.slice(e.offset, e.offset + 4), parsedV4);
      if (inner) return { ...inner, name: `${inner.name}, embedded in ${e.rfc}` };
    }
  }
  return match(bytes, parsedV6);
}

function match(bytes: Uint8Array, ranges: Parsed[]): ForbiddenRange | null {
  for (const r of ranges) if (r.bytes.length === bytes.length && prefixMatches(bytes, r.bytes, r.bits)) return r.range;
  return null;
}

function prefixMatches(a: Uint8Array, prefix: Uint8Array, bits: number): boolean {
  for (let i = 0; i < bits; i++) {
    const byte = i >> 3;
    const mask = 0x80 >> (i & 7);
    if ((a[byte] & mask) !== (prefix[byte] & mask)) return false;
  }
  return true;
}

function parseCidr(range: ForbiddenRange): Parsed {
  const [addr, bits] = range.cidr.split("/");
  return { bytes: net.isIPv4(addr) ? ipv4Bytes(addr) : ipv6Bytes(addr), bits: Number(bits), range };
}

function ipv4Bytes(address: string): Uint8Array {
  return Uint8Array.from(address.split(".").map(Number));
}

/** 16 bytes of an IPv6 literal, with `::` expanded and a trailing dotted quad converted. */
function ipv6Bytes(address: string): Uint8Array {
  let text = address.toLowerCase();
  const words: number[] = [];
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    const b = ipv4Bytes(quad[1]);
    text = `${text.slice(0, quad.index)}${((b[0] << 8) | b[1]).toString(16)}:${((b[2] << 8) | b[3]).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const headWords = head ? head.split(":") : [];
  const tailWords = tail === undefined ? [] : tail ? tail.split(":") : [];
  const zeros = tail === undefined ? 0 : 8 - headWords.length - tailWords.length;
  for (const w of headWords) words.push(parseInt(w, 16));
  for (let i = 0; i < zeros; i++) words.push(0);
  for (const w of tailWords) words.push(parseInt(w, 16));
  const bytes = new Uint8Array(16);
  words.forEach((w, i) => {
    bytes[2 * i] = w >> 8;
    bytes[2 * i + 1] = w & 0xff;
  });
  return bytes;
}
