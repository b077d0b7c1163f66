/**
 * Generates a plausible, deterministic instance of a JSON Schema (the subset that OpenAI
 * structured outputs and zod's `toJSONSchema` produce): objects, arrays with
 * minItems/maxItems, enums, const, numbers within minimum/maximum, strings with
 * minLength/maxLength/format, anyOf/oneOf/allOf, local `$ref`s, nullable unions.
 *
 * Determinism: the same schema and seed always give the same instance.
 * Plausibility:
 *  - an enum inside the i-th item of an array takes the (seed + i)-th value, so a list of
 *    five dimensions with a five-value `key` enum gets five distinct keys;
 *  - a property named `score` never exceeds a sibling numeric `max`;
 *  - strings are short sentences chosen by property name, in English or Chinese.
 */

import { seededRandom } from "@/lib/text/random";

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
// JSON Schema is loosely typed on purpose: requests carry whatever the client sends.
// biome-ignore lint/suspicious/noExplicitAny: a client's arbitrary schema JSON; every keyword read is checked at run time (typeof, Array.isArray)
export type JsonSchema = any;

export interface InstanceOptions {
  seed: number;
  language?: "en" | "zh";
  /** Lines from the prompt's data (e.g. the fenced resume), quoted in `evidence`-like fields. */
  quotes?: string[];
}

const QUOTE_FIELDS = new Set(["evidence", "quote", "quotes", "excerpt", "excerpts"]);

const TEXT_EN: Record<string, string[]> = {
  summary: [
    "A solid profile with relevant experience; quantifying outcomes would make it stronger.",
    "Clear structure and credible experience; the skills section could be tied more closely to results.",
  ],
  rationale: [
    "Roles show growing responsibility, but few achievements are quantified.",
    "The evidence supports this score; more measurable results would raise it.",
    "Sections are present and consistent, with minor formatting gaps.",
  ],
  evidence: ["Led a team of 4 engineers to ship the billing service", "Reduced page load time by 30%"],
  strengths: ["Relevant hands-on experience", "Clear, consistent section layout", "Good range of core skills"],
  category: ["experience", "skills", "format", "wording"],
  issue: ["Achievements are described without numbers.", "The summary is generic."],
  recommendation: ["Add one measurable result to each recent role.", "Rewrite the summary around the target role."],
  matchedSkills: ["TypeScript", "React", "SQL"],
  missingSkills: ["Kubernetes", "GraphQL"],
  skills: ["TypeScript", "React", "SQL"],
  question: ["Can you walk me through a project you are proud of?"],
  feedback: ["A clear answer; adding a concrete metric would make it stronger."],
  name: ["Sample"],
  title: ["Software Engineer"],
};

const TEXT_ZH: Record<string, string[]> = {
  summary: ["整体经历扎实，与岗位相关；若能量化成果会更有说服力。", "结构清晰，经历可信；技能部分可以与成果结合得更紧密。"],
  rationale: ["职责逐步提升，但量化成果较少。", "证据支持该分数；更多可衡量的结果会提高得分。", "各部分齐全且一致，格式略有瑕疵。"],
  evidence: ["带领 4 人团队上线计费服务", "页面加载时间缩短 30%"],
  strengths: ["相关的实践经验", "版式清晰一致", "核心技能覆盖面好"],
  category: ["经历", "技能", "格式", "表达"],
  issue: ["成果描述缺少数字。", "个人总结较为笼统。"],
  recommendation: ["为每段近期经历补充一个可量化的结果。", "围绕目标岗位重写个人总结。"],
  matchedSkills: ["TypeScript", "React", "SQL"],
  missingSkills: ["Kubernetes", "GraphQL"],
  skills: ["TypeScript", "React", "SQL"],
  question: ["请介绍一个你最有成就感的项目。"],
  feedback: ["回答清楚；补充具体数据会更好。"],
  name: ["示例"],
  title: ["软件工程师"],
};

interface Ctx {
  rng: () => number;
  seed: number;
  lang: "en" | "zh";
  root: JsonSchema;
  depth: number;
  quotes: string[];
  /** Index of the nearest enclosing array item, so enums inside list items rotate. */
  itemIndex: number | undefined;
}

export function generateInstance(schema: JsonSchema, opts: InstanceOptions): Json {
  const ctx: Ctx = {
    rng: seededRandom(opts.seed),
    seed: opts.seed,
    lang: opts.language ?? "en",
    root: schema,
    depth: 0,
    quotes: opts.quotes ?? [],
    itemIndex: undefined,
  };
  return gen(schema, ctx, undefined, undefined);
}

function resolveRef(ref: string, root: JsonSchema): JsonSchema {
  if (ref === "#") return root;
  const m = /^#\/(.+)$/.exec(ref);
  if (!m) return {};
  let node = root;
  for (const raw of m[1].split("/")) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    node = node?.[key];
    if (node === undefined) return {};
  }
  return node;
}

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) {
    return schema.type.find((t: string) => t !== "null") ?? schema.type[0];
  }
  if (typeof schema.type === "string") return schema.type;
  if (schema.properties || schema.required) return "object";
  if (schema.items) return "array";
  return undefined;
}

function gen(schema: JsonSchema, ctx: Ctx, name: string | undefined, index: number | undefined): Json {
  if (schema === true || schema == null) return sentence(ctx, name, index);
  if (schema === false) return null;
  if (ctx.depth > 12) return null;
  if (typeof schema.$ref === "string") {
    const { $ref, ...rest } = schema;
    return withDepth(ctx, () => gen({ ...resolveRef($ref, ctx.root), ...rest }, ctx, name, index));
  }
  if ("const" in schema) return schema.const as Json;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    const at = index ?? ctx.itemIndex;
    const i = at !== undefined ? (ctx.seed + at) % schema.enum.length : pickIndex(ctx, schema.enum.length);
    return schema.enum[i] as Json;
  }
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union) && union.length > 0) {
    // Prefer a non-null branch: a model usually fills a nullable field.
    const branch = union.find((b: JsonSchema) => b && b.type !== "null") ?? union[0];
    const { anyOf: _a, oneOf: _o, ...rest } = schema;
    return gen({ ...rest, ...branch }, ctx, name, index);
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
    const { allOf, ...rest } = schema;
    const merged: JsonSchema = { ...rest, properties: { ...rest.properties }, required: [...(rest.required ?? [])] };
    for (const s of allOf) {
      const r = s && typeof s.$ref === "string" ? resolveRef(s.$ref, ctx.root) : s;
      const { properties, required } = merged;
      Object.assign(merged, r, { properties: { ...properties, ...r?.properties }, required: [...required, ...(r?.required ?? [])] });
    }
    return gen(merged, ctx, name, index);
  }

  switch (typeOf(schema)) {
    case "object":
      return withDepth(ctx, () => genObject(schema, ctx));
    case "array":
      return withDepth(ctx, () => genArray(schema, ctx, name));
    case "integer":
      return genNumber(schema, ctx, true);
    case "number":
      return genNumber(schema, ctx, false);
    case "boolean":
      return ctx.rng() < 0.5;
    case "null":
      return null;
    default:
      return genString(schema, ctx, name, index);
  }
}

function withDepth<T>(ctx: Ctx, f: () => T): T {
  ctx.depth++;
  try {
    return f();
  } finally {
    ctx.depth--;
  }
}

function pickIndex(ctx: Ctx, n: number): number {
  return Math.min(n - 1, Math.floor(ctx.rng() * n));
}

function genObject(schema: JsonSchema, ctx: Ctx): Json {
  const out: Record<string, Json> = {};
  const props: Record<string, JsonSchema> = schema.properties ?? {};
  // Every declared property is filled (a model answering a schema usually does), which
  // also covers every `required` one. Required names without a declared schema get text.
  for (const [key, sub] of Object.entries(props)) out[key] = gen(sub, ctx, key, undefined);
  for (const key of schema.required ?? []) {
    if (!(key in out)) out[key] = sentence(ctx, key, undefined);
  }
  // Plausibility: a score never exceeds its own declared maximum.
  if (typeof out.score === "number" && typeof out.max === "number" && out.score > out.max) {
    const s = props.score ?? {};
    const lo = typeof s.minimum === "number" ? s.minimum : 0;
    const scaled = lo + (out.max - lo) * (0.5 + ctx.rng() * 0.4);
    out.score = typeOf(s) === "integer" ? Math.floor(scaled) : Math.round(scaled * 10) / 10;
  }
  return out;
}

function genArray(schema: JsonSchema, ctx: Ctx, name: string | undefined): Json {
  const min = typeof schema.minItems === "number" ? schema.minItems : 0;
  const max = typeof schema.maxItems === "number" ? schema.maxItems : Math.max(min, 4);
  const preferred = 2 + (ctx.seed % 2); // 2 or 3 items when unconstrained
  const n = Math.max(min, Math.min(max, preferred));
  const out: Json[] = [];
  if (Array.isArray(schema.prefixItems) || Array.isArray(schema.items)) {
    const tuple: JsonSchema[] = schema.prefixItems ?? schema.items;
    const extra = Array.isArray(schema.items) ? schema.additionalItems : schema.items;
    for (let i = 0; i < Math.max(n, tuple.length); i++) {
      const sub = i < tuple.length ? tuple[i] : extra;
      if (sub === undefined || sub === false) break;
      out.push(genItem(sub, ctx, name, i));
    }
    return out;
  }
  for (let i = 0; i < n; i++) out.push(genItem(schema.items ?? {}, ctx, name, i));
  if (schema.uniqueItems) {
    const seen = new Set<string>();
    for (let i = 0; i < out.length; i++) {
      let k = JSON.stringify(out[i]);
      if (seen.has(k) && typeof out[i] === "string") out[i] = `${out[i]} (${i + 1})`;
      else if (seen.has(k) && typeof out[i] === "number") out[i] = (out[i] as number) + i;
      k = JSON.stringify(out[i]);
      seen.add(k);
    }
  }
  return out;
}

function genItem(schema: JsonSchema, ctx: Ctx, name: string | undefined, i: number): Json {
  const prev = ctx.itemIndex;
  ctx.itemIndex = i;
  try {
    return gen(schema, ctx, name, i);
  } finally {
    ctx.itemIndex = prev;
  }
}

function genNumber(schema: JsonSchema, ctx: Ctx, integer: boolean): number {
  const step = typeof schema.multipleOf === "number" && schema.multipleOf > 0 ? schema.multipleOf : undefined;
  const eps = integer ? 1 : 0.1;
  let lo: number = typeof schema.minimum === "number" ? schema.minimum : typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum + eps : 0;
  let hi: number = typeof schema.maximum === "number" ? schema.maximum : typeof schema.exclusiveMaximum === "number" ? schema.exclusiveMaximum - eps : lo + 100;
  // Huge ranges (e.g. zod's int max 2^53-1) read as "unbounded": stay near the floor.
  if (hi - lo > 1000 && typeof schema.maximum === "number" && schema.maximum >= Number.MAX_SAFE_INTEGER) {
    hi = lo + 100;
  }
  if (hi < lo) hi = lo;
  if (integer) {
    lo = Math.ceil(lo);
    hi = Math.floor(hi);
    if (hi < lo) return lo;
  }
  // Lean to the upper-middle of the range, like a typical rating.
  const r = 0.35 + ctx.rng() * 0.5;
  let v = lo + (hi - lo) * r;
  if (step) v = Math.round(v / step) * step;
  v = integer ? Math.round(v) : Math.round(v * 10) / 10;
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  if (typeof schema.exclusiveMinimum === "number" && v <= schema.exclusiveMinimum) v = schema.exclusiveMinimum + eps;
  if (typeof schema.exclusiveMaximum === "number" && v >= schema.exclusiveMaximum) v = schema.exclusiveMaximum - eps;
  return v;
}

function genString(schema: JsonSchema, ctx: Ctx, name: string | undefined, index: number | undefined): string {
  let s: string;
  switch (schema.format) {
    case "date-time":
      s = new Date(Date.UTC(2024, 0, 1 + (ctx.seed % 300))).toISOString();
      break;
    case "date":
      s = new Date(Date.UTC(2024, 0, 1 + (ctx.seed % 300))).toISOString().slice(0, 10);
      break;
    case "email":
      s = `candidate${ctx.seed % 1000}@example.com`;
      break;
    case "uri":
    case "url":
      s = `https://example.com/${ctx.seed % 1000}`;
      break;
    case "uuid":
      s = fakeUuid(ctx);
      break;
    default:
      s = sentence(ctx, name, index);
  }
  const minLength = typeof schema.minLength === "number" ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === "number" ? schema.maxLength : Infinity;
  while ([...s].length < minLength) s += ctx.lang === "zh" ? "。" : ".";
  if ([...s].length > maxLength) s = [...s].slice(0, maxLength).join("");
  return s;
}

function sentence(ctx: Ctx, name: string | undefined, index: number | undefined): string {
  if (name && QUOTE_FIELDS.has(name) && ctx.quotes.length > 0) {
    const at = (index ?? 0) + (ctx.itemIndex ?? 0) * 2 + ctx.seed;
    return ctx.quotes[at % ctx.quotes.length];
  }
  const table = ctx.lang === "zh" ? TEXT_ZH : TEXT_EN;
  const options = name ? table[name] : undefined;
  if (options && options.length > 0) {
    const at = index ?? ctx.itemIndex;
    const i = at !== undefined ? (ctx.seed + at) % options.length : pickIndex(ctx, options.length);
    return options[i];
  }
  const label = name ?? "value";
  const suffix = index !== undefined ? ` ${index + 1}` : "";
  return ctx.lang === "zh" ? `${label}${suffix}：示例内容` : `Sample ${label}${suffix}`;
}

function fakeUuid(ctx: Ctx): string {
  const hex = () => Math.floor(ctx.rng() * 16).toString(16);
  const part = (n: number) => Array.from({ length: n }, hex).join("");
  return `${part(8)}-${part(4)}-4${part(3)}-a${part(3)}-${part(12)}`;
}

/**
 * The checks OpenAI applies to a `strict: true` schema (structured outputs): every object
 * lists all its properties in `required` and sets `additionalProperties: false`.
 * Returns the first violation as OpenAI words it, or `null` when the schema is acceptable.
 */
export function strictSchemaViolation(schema: JsonSchema, root: JsonSchema = schema, path = "()"): string | null {
  if (!schema || typeof schema !== "object") return null;
  if (typeOf(schema) === "object" && schema.properties) {
    const keys = Object.keys(schema.properties);
    const required: string[] = Array.isArray(schema.required) ? schema.required : [];
    const missing = keys.find((k) => !required.includes(k));
    if (missing !== undefined) {
      return `In context=${path}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
    }
    if (schema.additionalProperties !== false) {
      return `In context=${path}, 'additionalProperties' is required to be supplied and to be false.`;
    }
    for (const [k, sub] of Object.entries(schema.properties)) {
      const v = strictSchemaViolation(sub, root, `${path === "()" ? "(" : `${path.slice(0, -1)}, `}'properties', '${k}')`);
      if (v) return v;
    }
  }
  for (const key of ["items", "additionalItems"] as const) {
    if (schema[key] && typeof schema[key] === "object" && !Array.isArray(schema[key])) {
      const v = strictSchemaViolation(schema[key], root, `${path === "()" ? "(" : `${path.slice(0, -1)}, `}'items')`);
      if (v) return v;
    }
  }
  for (const key of ["anyOf", "oneOf", "allOf", "prefixItems"] as const) {
    if (Array.isArray(schema[key])) {
      for (const sub of schema[key]) {
        const v = strictSchemaViolation(sub, root, path);
        if (v) return v;
      }
    }
  }
  for (const key of ["$defs", "definitions"] as const) {
    if (schema[key] && typeof schema[key] === "object") {
      for (const sub of Object.values(schema[key])) {
        const v = strictSchemaViolation(sub, root, path);
        if (v) return v;
      }
    }
  }
  return null;
}
