import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import JSZip from "jszip";
import { CORPUS_DIR } from "../corpus-dir";

/**
 * The fuzz test's inputs (tests/security/fuzz.test.ts): malformed files made from the corpus
 * and malformed JSON bodies, all drawn from one seeded generator so a failing run is replayed
 * exactly with `FUZZ_SEED=<seed>`.
 */

/**
 * mulberry32 (Tommy Ettinger's 32-bit generator, public domain): small, fast, and the same
 * sequence on every machine for a seed — enough for test input, not for anything secret.
 */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)]!;
  const bytes = (n: number) => {
    const b = Buffer.alloc(n);
    for (let i = 0; i < n; i++) b[i] = int(0, 255);
    return b;
  };
  return { next, int, pick, bytes };
}
export type Rng = ReturnType<typeof prng>;

/** Every file of the corpus (its README and source list aside), read once. */
export function corpusFiles(): { name: string; bytes: Buffer }[] {
  return readdirSync(CORPUS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => readdirSync(path.join(CORPUS_DIR, d.name)).map((f) => path.join(d.name, f)))
    .sort()
    .map((rel) => ({ name: path.basename(rel), bytes: readFileSync(path.join(CORPUS_DIR, rel)) }));
}

const MAGIC = { pdf: Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1"), zip: Buffer.from([0x50, 0x4b, 0x03, 0x04]) };

/** Characters a hostile file name carries: C0 controls, DEL, bidirectional overrides and isolates, path parts. */
const NASTY = [
  "\u0000",
  "\u0001",
  "\u001b",
  "\u007f",
  "\n",
  "\r",
  "\t",
  "\u202e",
  "\u202d",
  "\u2066",
  "\u2069",
  "\u200f",
  "/",
  "\\",
  "..",
  '"',
  "%00",
  "\ufeff",
];

/** A file name: the source's, or random text with control and bidi characters in it. */
export function fuzzName(rng: Rng, base: string): string {
  if (rng.next() < 0.4) return base;
  const parts: string[] = [];
  for (let i = rng.int(0, 8); i > 0; i--) parts.push(rng.next() < 0.5 ? rng.pick(NASTY) : rng.pick(["cv", "简历", "résumé", "x", "fdp", "exe", " "]));
  const ext = rng.pick([".pdf", ".docx", ".txt", ".zip", ".md", "", ".exe"]);
  return rng.next() < 0.05 ? "x".repeat(rng.int(200, 2000)) + ext : parts.join("") + ext;
}

/** A ZIP of `entries`, made with JSZip. */
async function zipOf(entries: { name: string; bytes: Buffer | string }[]): Promise<Buffer> {
  const zip = new JSZip();
  for (const e of entries) zip.file(e.name, e.bytes);
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
}

/**
 * Overwrites the declared sizes of every entry of a ZIP — in each local file header (offsets
 * 18/22) and central directory header (20/24) (PKWARE APPNOTE.TXT §4.3.7, §4.3.12) — with
 * `size`: an archive that claims gigabytes it does not hold.
 */
function declareSizes(zip: Buffer, size: number): Buffer {
  const out = Buffer.from(zip);
  for (let i = 0; i + 30 <= out.length; i++) {
    const sig = out.readUInt32LE(i);
    if (sig === 0x04034b50) {
      out.writeUInt32LE(size >>> 0, 18);
      out.writeUInt32LE(size >>> 0, i + 22);
    } else if (sig === 0x02014b50 && i + 46 <= out.length) {
      out.writeUInt32LE(size >>> 0, i + 24);
    }
  }
  return out;
}

export type FuzzFile = { name: string; bytes: Buffer; how: string };

/**
 * One malformed file: a corpus file bit-flipped, truncated or spliced with another; random
 * bytes behind a PDF or ZIP magic number; a DOCX-shaped ZIP of garbage; a ZIP whose headers
 * declare huge sizes; an empty or all-zero file; a ZIP of several of these (the bulk upload
 * unpacks it). Names come from {@link fuzzName}.
 */
export async function fuzzFile(rng: Rng, corpus: { name: string; bytes: Buffer }[], depth = 0): Promise<FuzzFile> {
  const src = rng.pick(corpus);
  const kind = rng.int(0, depth > 0 ? 8 : 9);
  const named = (bytes: Buffer, how: string): FuzzFile => ({ name: fuzzName(rng, src.name), bytes, how });
  switch (kind) {
    case 0: {
      const b = Buffer.from(src.bytes);
      for (let i = rng.int(1, 64); i > 0; i--) {
        const at = rng.int(0, b.length - 1);
        b[at]! ^= 1 << rng.int(0, 7);
      }
      return named(b, `bit flips of ${src.name}`);
    }
    case 1:
      return named(src.bytes.subarray(0, rng.int(0, src.bytes.length)), `truncation of ${src.name}`);
    case 2: {
      const other = rng.pick(corpus);
      return named(
        Buffer.concat([src.bytes.subarray(0, rng.int(0, src.bytes.length)), other.bytes.subarray(rng.int(0, other.bytes.length))]),
        `splice of ${src.name} and ${other.name}`,
      );
    }
    case 3:
      return named(Buffer.concat([MAGIC.pdf, rng.bytes(rng.int(0, 32_768))]), "random bytes behind %PDF");
    case 4:
      return named(Buffer.concat([MAGIC.zip, rng.bytes(rng.int(0, 32_768))]), "random bytes behind PK\\3\\4");
    case 5: {
      const docx = await zipOf([
        { name: "[Content_Types].xml", bytes: rng.next() < 0.5 ? rng.bytes(rng.int(0, 512)) : '<?xml version="1.0"?><Types/>' },
        { name: "word/document.xml", bytes: rng.next() < 0.5 ? rng.bytes(rng.int(0, 4096)) : "<w:document><w:body><w:p>" },
      ]);
      return { name: fuzzName(rng, "cv.docx"), bytes: docx, how: "a DOCX-shaped ZIP of garbage" };
    }
    case 6: {
      const zip = await zipOf([{ name: rng.pick(["cv.pdf", "word/document.xml", "a.txt"]), bytes: src.bytes.subarray(0, 4096) }]);
      return named(declareSizes(zip, rng.pick([0xffffffff, 0x7fffffff, 0x40000000, 0])), "a ZIP declaring huge sizes");
    }
    case 7:
      return named(rng.next() < 0.5 ? Buffer.alloc(0) : Buffer.alloc(rng.int(1, 65_536)), "zero bytes");
    case 8:
      return named(rng.bytes(rng.int(1, 16_384)), "random bytes");
    default: {
      const inner = await Promise.all(Array.from({ length: rng.int(1, 4) }, () => fuzzFile(rng, corpus, depth + 1)));
      return {
        name: fuzzName(rng, "batch.zip"),
        bytes: await zipOf(inner.map((f, i) => ({ name: `${i}-${f.name}`, bytes: f.bytes }))),
        how: "a ZIP of fuzzed files",
      };
    }
  }
}

export type FuzzBody = { body: string | Uint8Array<ArrayBuffer>; contentType: string | null; how: string };

const WRONG_TYPES = ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data", "application/jsonx", "application/xml", "", null] as const;
const HUGE_NUMBERS = [
  "1e309",
  "-1e400",
  "123456789012345678901234567890",
  "1e-400",
  "-0",
  "9007199254740993",
  "0x10",
  "NaN",
  "Infinity",
  "1.7976931348623157e+308",
];
const ODD_VALUES = [() => null, () => true, () => [], () => ({}), () => 0, () => -1, () => 1.5, () => "", () => ["a", 1, null], () => ({ a: { b: {} } })];

/** Replaces `"key":value` text of a JSON object's first field with a raw literal (numbers JSON.stringify cannot write). */
function withRawValue(base: Record<string, unknown>, key: string, raw: string): string {
  const rest = JSON.stringify({ ...base, [key]: undefined }).slice(1);
  return `{${JSON.stringify(key)}:${raw}${rest === "}" ? "}" : `,${rest}`}`;
}

/**
 * One malformed JSON body for a route whose valid body is `base`: truncated; a field of the
 * wrong type; huge or non-JSON numbers; nesting past the limit; NUL, control characters and lone
 * surrogates in values and keys; duplicate keys; `__proto__` / `constructor` / `prototype` keys;
 * very long strings (some past the body cap); a wrong or missing Content-Type; random bytes;
 * non-object JSON; an empty body.
 */
export function fuzzBody(rng: Rng, base: Record<string, unknown>): FuzzBody {
  const keys = Object.keys(base).length ? Object.keys(base) : ["name", "value"];
  const key = rng.pick(keys);
  const json = (v: unknown, how: string): FuzzBody => ({ body: JSON.stringify(v), contentType: "application/json", how });
  const raw = (body: string, how: string): FuzzBody => ({ body, contentType: "application/json", how });
  switch (rng.int(0, 13)) {
    case 0: {
      const s = JSON.stringify(base);
      return raw(s.slice(0, rng.int(0, Math.max(0, s.length - 1))), "truncated JSON");
    }
    case 1:
      return json({ ...base, [key]: rng.pick(ODD_VALUES)() }, `wrong type for ${key}`);
    case 2:
      return raw(withRawValue(base, key, rng.pick(HUGE_NUMBERS)), `a huge or non-JSON number in ${key}`);
    case 3: {
      const depth = rng.pick([33, 64, 1000, 100_000]);
      const nested = rng.next() < 0.5 ? `${"[".repeat(depth)}${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
      return raw(withRawValue(base, key, nested), `nesting ${depth} deep in ${key}`);
    }
    case 4: {
      const bad = rng.pick(["\\u0000", "\\u0001", "\\u001b", "\\u007f", "\\ud800", "\\udfff", "\\ud83d", "a\\u0000b"]);
      return rng.next() < 0.3
        ? raw(`{"${bad}":1,${JSON.stringify(base).slice(1)}`, `${bad} in a key`)
        : raw(withRawValue(base, key, `"x${bad}y"`), `${bad} in ${key}`);
    }
    case 5: {
      const inner = rng.next() < 0.5 ? "m" : `{"id":"a\\u0000","role":"user","parts":[{"type":"text","text":"\\ud800"}]}`;
      return raw(withRawValue(base, key, `[${inner === "m" ? '"\\u0000"' : inner}]`), `NUL or a lone surrogate inside an array of ${key}`);
    }
    case 6:
      return raw(
        `${JSON.stringify(base).slice(0, -1)}${Object.keys(base).length ? "," : ""}${JSON.stringify(key)}:${JSON.stringify(rng.pick(ODD_VALUES)())}}`,
        `duplicate key ${key}`,
      );
    case 7: {
      const polluter = rng.pick(["__proto__", "constructor", "prototype"]);
      const payload = polluter === "constructor" ? '{"prototype":{"polluted":true}}' : '{"polluted":true,"role":"admin"}';
      return raw(`{${JSON.stringify(polluter)}:${payload},${JSON.stringify(base).slice(1)}`, `a ${polluter} key`);
    }
    case 8: {
      const n = rng.pick([10_000, 100_000, 300_000, 2_000_000]);
      return json({ ...base, [key]: rng.pick(["a", "简", "😀", " "]).repeat(n) }, `a string of ${n} characters in ${key}`);
    }
    case 9:
      return { body: JSON.stringify(base), contentType: rng.pick(WRONG_TYPES), how: "a wrong or missing Content-Type" };
    case 10:
      return { body: new Uint8Array(rng.bytes(rng.int(0, 4096))), contentType: "application/json", how: "random bytes" };
    case 11:
      return raw(rng.pick(["null", "[]", '"string"', "1", "true", "[{}]", '{"":""}']), "JSON that is no object");
    case 12:
      return raw(rng.pick(["", " ", "\n", "{", "}", "{}}", "{,}", "{'a':1}", '{"a":1,}', "\ufeff{}"]), "empty or broken JSON");
    default:
      return json(base, "the valid body");
  }
}
