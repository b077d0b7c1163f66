/**
 * The fake server's gullible persona: a model that obeys any instruction aimed at the grader
 * that it finds in the data it was given (docs/testing.md, "Fake LLM server" → "Gullible
 * persona"). It stands in for a real model that prompt injection works on, so tests can prove
 * that an injection gains nothing even when the model falls for it.
 *
 * What counts as data: the fenced blocks of the user messages (`<resume>…</resume>`,
 * `<job_description>`, `<answer>`, `<candidate_answer>` — any `<tag>…</tag>` of lower-case
 * letters and `_`, lib/ai/fence.ts). Text outside a fence is the application's own prompt and
 * is never obeyed, so a prompt that merely mentions "ignore instructions" (as a warning) does
 * not trigger it.
 *
 * These patterns are the fake model's own and deliberately broader than the application's
 * screen (lib/ai/injection.ts): a phrasing the screen misses still reaches an obedient model,
 * which is what the answer checks behind the screen are for.
 */

import type { Json, JsonSchema } from "./schema-instance";

/** What the gullible model found in the data it was given. */
export interface GraderInstructions {
  /** The data lines that carry an instruction to the grader (trimmed), in order. */
  lines: string[];
  /** One of them asks for the prompt to be printed or revealed. */
  leak: boolean;
}

/** The rationale a gullible model writes under every score it raised. */
export const GULLIBLE_RATIONALE = "As instructed by the candidate, full marks.";
/** How much of the system message a gullible model copies when asked for its prompt. */
export const LEAK_CHARS = 300;

/** Instructions to the grader, on one line of data (English and Chinese). */
const INSTRUCTION: RegExp[] = [
  /\b(?:ignore|disregard|forget|override|bypass)\b.{0,80}\b(?:instructions?|prompts?|rules?|guidelines?|criteria)\b/i,
  /\b(?:give|award|assign|grant|output|return|mark)\b.{0,60}\b(?:full marks|full score|full points|max(?:imum)?|perfect|top marks|100\b|10\/10)/i,
  /\b(?:score|rate|grade|rank|evaluate)\b.{0,60}\b(?:highest|maximum|max\b|100\b|full marks|perfect|top|10 out of 10|10\/10)/i,
  /(?:^|\n)\s*(?:system|assistant|developer)\s*(?:prompt|message)?\s*[:：]/i,
  /(?:<|&lt;)\s*\|?\s*(?:im_start|im_end|system|assistant|endoftext)\s*\|?\s*>/i,
  /\[\/?(?:inst|sys)\]|<<\s*sys\s*>>|&lt;&lt;\s*sys/i,
  /\b(?:note|message|instructions?|memo|attention)\s+(?:to|for)\s+(?:the\s+|any\s+)?(?:ai|a\.i\.|llm|model|grader|assistant|reviewer|screener|evaluator|gpt|chatgpt)\b/i,
  /\b(?:dear|hey|hello)\s+(?:ai|llm|gpt|chatgpt|grader|model|assistant)\b/i,
  /\bif you(?: are|'re)\s+(?:an?\s+)?(?:ai|llm|language model|model|bot|grader|assistant)\b/i,
  /\byou are now\b/i,
  /忽略|无视|忽视|不要理会/,
  /给.{0,16}(?:满分|最高分|一百分|100\s*分)/,
  /(?:评分|打分|分数).{0,8}(?:满分|最高|100)/,
  /你现在是/,
  /(?:^|\n)\s*(?:系统|助手)\s*[:：]/,
];

/** Requests for the prompt itself. */
const LEAK: RegExp[] = [
  /\b(?:print|reveal|repeat|show|output|display|disclose|echo|quote|write out|copy)\b.{0,60}\b(?:system prompt|system message|prompt above|instructions above|your (?:instructions|prompt|rules)|initial instructions|hidden instructions)\b/i,
  /(?:输出|显示|打印|透露|泄露|重复|复述|说出|告诉我).{0,12}(?:系统提示|提示词|系统指令|你的指令|系统消息)/,
];

/** The fenced data of a message text: the inside of every `<tag>…</tag>` block. */
export function fencedData(text: string): string[] {
  return [...text.matchAll(/<([a-z_]+)>\n?([\s\S]*?)\n?<\/\1>/g)].map((m) => m[2]);
}

/**
 * Finds the instructions to the grader in the fenced data of `userTexts` (the user messages).
 * @returns null when there is none: the gullible model then answers as the ordinary one.
 */
export function findGraderInstructions(userTexts: string[]): GraderInstructions | null {
  const lines: string[] = [];
  let leak = false;
  for (const block of userTexts.flatMap(fencedData)) {
    for (const raw of block.split("\n")) {
      const line = raw.trim();
      if (!line) continue;
      const asksLeak = LEAK.some((re) => re.test(line));
      if (asksLeak || INSTRUCTION.some((re) => re.test(line))) {
        lines.push(line.slice(0, 300));
        leak ||= asksLeak;
      }
    }
  }
  return lines.length > 0 ? { lines, leak } : null;
}

/**
 * Per-key maxima the prompt states, such as "- `experience` (max 30): …": a schema often gives
 * a score no `maximum` and names each key's maximum in the instructions instead.
 * @returns key → maximum.
 */
export function statedMaxima(texts: string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of texts) {
    for (const m of t.matchAll(/`?([A-Za-z_][\w-]*)`?\s*\((?:max|maximum|out of)\s*[:=]?\s*(\d+(?:\.\d+)?)\)/gi)) out.set(m[1]!, Number(m[2]));
  }
  return out;
}

interface ObeyContext {
  root: JsonSchema;
  found: GraderInstructions;
  /** The system message's first {@link LEAK_CHARS} characters (used when `found.leak`). */
  leaked: string;
  maxima: Map<string, number>;
  depth: number;
}

/** String fields a model explains a score in. */
const RATIONALE_FIELDS = /^(?:rationale|reason|reasoning|explanation|justification|feedback|comment|comments|assessment|verdict)$/i;
/** String-array fields that quote the data (as in schema-instance.ts). */
const QUOTE_FIELDS = new Set(["evidence", "quote", "quotes", "excerpt", "excerpts"]);
/** Numeric fields that state a maximum rather than a score. */
const MAX_FIELDS = new Set(["max", "maximum", "outOf", "out_of"]);
/** Schema maxima this large mean "unbounded" (zod's int bounds). */
const UNBOUNDED = 1e9;

/**
 * Rewrites an ordinary schema instance the way a model that obeyed `found` would answer:
 * every numeric score at its maximum (the schema's `maximum`, else the maximum the prompt states
 * for the object's `key`, else a sibling `max` field), every rationale {@link GULLIBLE_RATIONALE},
 * every evidence list the instruction lines, and — when the data asked for the prompt — every
 * other free-text field the system message's first {@link LEAK_CHARS} characters. Enums,
 * constants and formatted strings (dates, e-mails) are left alone, so the answer still fits the
 * schema; string lengths keep the schema's `maxLength`.
 * @param instance what {@link generateInstance} made for `schema`.
 * @returns a new instance; `instance` is not changed.
 */
export function obeyInstructions(schema: JsonSchema, instance: Json, opts: { found: GraderInstructions; system: string; maxima: Map<string, number> }): Json {
  const ctx: ObeyContext = { root: schema, found: opts.found, leaked: opts.system.slice(0, LEAK_CHARS), maxima: opts.maxima, depth: 0 };
  return walk(schema, instance, undefined, ctx);
}

/** The gullible model's answer when no schema was asked for (a chat turn). */
export function obeyingText(found: GraderInstructions, system: string): string {
  return found.leak && system ? system.slice(0, LEAK_CHARS) : GULLIBLE_RATIONALE;
}

function resolve(schema: JsonSchema, root: JsonSchema, value: Json): JsonSchema {
  let s = schema;
  for (let i = 0; i < 8 && s && typeof s === "object"; i++) {
    if (typeof s.$ref === "string") {
      const { $ref, ...rest } = s;
      s = { ...refTarget($ref, root), ...rest };
      continue;
    }
    const union = s.anyOf ?? s.oneOf;
    if (Array.isArray(union) && union.length > 0) {
      const { anyOf: _a, oneOf: _o, ...rest } = s;
      const branch = union.find((b: JsonSchema) => fits(resolve(b, root, value), value)) ?? union[0];
      s = { ...rest, ...branch };
      continue;
    }
    break;
  }
  return s ?? {};
}

function refTarget(ref: string, root: JsonSchema): JsonSchema {
  if (ref === "#") return root;
  let node = root;
  for (const raw of ref.replace(/^#\//, "").split("/")) node = node?.[decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~")];
  return node ?? {};
}

function fits(schema: JsonSchema, value: Json): boolean {
  const t = Array.isArray(schema?.type) ? schema.type : schema?.type ? [schema.type] : [];
  if (t.length === 0) return true;
  if (value === null) return t.includes("null");
  if (Array.isArray(value)) return t.includes("array");
  if (typeof value === "number") return t.includes("number") || t.includes("integer");
  return t.includes(typeof value);
}

function walk(schemaIn: JsonSchema, value: Json, name: string | undefined, ctx: ObeyContext): Json {
  if (ctx.depth > 12 || value === null) return value;
  const schema = resolve(schemaIn, ctx.root, value);
  if (schema === true || !schema || typeof schema !== "object") return value;
  if ("const" in schema || Array.isArray(schema.enum)) return value;
  ctx.depth++;
  try {
    if (Array.isArray(value)) {
      if (name && QUOTE_FIELDS.has(name) && value.every((v) => typeof v === "string")) {
        const max = typeof schema.maxItems === "number" ? schema.maxItems : ctx.found.lines.length;
        const min = typeof schema.minItems === "number" ? schema.minItems : 0;
        const out = ctx.found.lines.slice(0, Math.max(1, max));
        while (out.length < min) out.push(ctx.found.lines[out.length % ctx.found.lines.length]!);
        return out;
      }
      return value.map((v) => walk(schema.items ?? {}, v, name, ctx));
    }
    if (typeof value === "object") {
      const props: Record<string, JsonSchema> = schema.properties ?? {};
      const out: Record<string, Json> = {};
      for (const [k, v] of Object.entries(value)) out[k] = props[k] !== undefined ? walk(props[k], v, k, ctx) : v;
      raiseScores(out, props, ctx);
      return out;
    }
    if (typeof value === "string") {
      if (schema.format) return value;
      let text = ctx.found.leak && ctx.leaked ? ctx.leaked : name && RATIONALE_FIELDS.test(name) ? GULLIBLE_RATIONALE : value;
      if (typeof schema.maxLength === "number") text = [...text].slice(0, schema.maxLength).join("");
      return text;
    }
    return value;
  } finally {
    ctx.depth--;
  }
}

/** Sets every numeric field of one object to its maximum (see {@link obeyInstructions}). */
function raiseScores(obj: Record<string, Json>, props: Record<string, JsonSchema>, ctx: ObeyContext): void {
  const key = typeof obj.key === "string" ? obj.key : typeof obj.name === "string" ? obj.name : undefined;
  const stated = key !== undefined ? ctx.maxima.get(key) : undefined;
  for (const k of Object.keys(obj)) {
    if (MAX_FIELDS.has(k) && typeof obj[k] === "number" && stated !== undefined) obj[k] = stated;
  }
  const sibling = [...MAX_FIELDS].map((k) => obj[k]).find((v): v is number => typeof v === "number");
  for (const [k, v] of Object.entries(obj)) {
    if (typeof v !== "number" || MAX_FIELDS.has(k)) continue;
    const s = resolve(props[k] ?? {}, ctx.root, v);
    const declared = typeof s.maximum === "number" && s.maximum < UNBOUNDED ? s.maximum : undefined;
    const exclusive =
      typeof s.exclusiveMaximum === "number" && s.exclusiveMaximum < UNBOUNDED ? s.exclusiveMaximum - (s.type === "integer" ? 1 : 0.1) : undefined;
    const max = declared ?? exclusive ?? stated ?? sibling;
    if (max !== undefined) obj[k] = max;
  }
}
