import Ajv from "ajv";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { analysisDraftSchema } from "@/lib/resume/analysis-schema";
import { generateInstance, strictSchemaViolation } from "./schema-instance";

const ajv = new Ajv({ strict: false, allErrors: true });
ajv.addFormat("email", /^[^@\s]+@[^@\s]+\.[^@\s]+$/);

const tricky = {
  $schema: "http://json-schema.org/draft-07/schema#",
  type: "object",
  definitions: {
    person: {
      type: "object",
      properties: { name: { type: "string", minLength: 3, maxLength: 6 }, email: { type: "string", format: "email" } },
      required: ["name", "email"],
      additionalProperties: false,
    },
  },
  properties: {
    owner: { $ref: "#/definitions/person" },
    tags: { type: "array", items: { type: "string" }, minItems: 4, uniqueItems: true },
    few: { type: "array", items: { type: "number" }, maxItems: 1 },
    ratio: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1 },
    step: { type: "integer", minimum: 10, maximum: 100, multipleOf: 5 },
    level: { enum: ["junior", "senior"] },
    maybe: { anyOf: [{ type: "string" }, { type: "null" }] },
    fixed: { const: 42 },
    flag: { type: "boolean" },
  },
  required: ["owner", "tags", "few", "ratio", "step", "level", "maybe", "fixed", "flag"],
  additionalProperties: false,
};

describe("generateInstance", () => {
  it("produces instances valid against a tricky schema, for many seeds", () => {
    const validate = ajv.compile(tricky);
    for (let seed = 0; seed < 200; seed++) {
      const instance = generateInstance(tricky, { seed });
      if (!validate(instance)) throw new Error(`seed ${seed}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(instance)}`);
    }
  });

  it("fills the resume analysis schema so that zod accepts it with distinct dimension keys", () => {
    const jsonSchema = z.toJSONSchema(analysisDraftSchema, { target: "draft-7" });
    for (let seed = 0; seed < 50; seed++) {
      const draft = analysisDraftSchema.parse(generateInstance(jsonSchema, { seed }));
      expect(new Set(draft.dimensions.map((d) => d.key)).size).toBe(5);
      for (const d of draft.dimensions) expect(d.score).toBeLessThanOrEqual(d.max);
    }
  });

  it("is deterministic per seed and varies across seeds", () => {
    const a = generateInstance(tricky, { seed: 7 });
    expect(generateInstance(tricky, { seed: 7 })).toEqual(a);
    const distinct = new Set(Array.from({ length: 20 }, (_, s) => JSON.stringify(generateInstance(tricky, { seed: s }))));
    expect(distinct.size).toBeGreaterThan(5);
  });

  it("quotes given lines in evidence fields and writes Chinese text when asked", () => {
    const s = { type: "object", properties: { evidence: { type: "array", items: { type: "string" } }, summary: { type: "string" } } };
    const quotes = ["Built the payments API in Go", "Cut p99 latency by 40%"];
    const out = generateInstance(s, { seed: 3, quotes, language: "zh" }) as { evidence: string[]; summary: string };
    for (const e of out.evidence) expect(quotes).toContain(e);
    expect(out.summary).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe("strictSchemaViolation", () => {
  it("accepts a fully required, closed schema and names the first missing property otherwise", () => {
    expect(strictSchemaViolation(tricky)).toBeNull();
    const jsonSchema = z.toJSONSchema(analysisDraftSchema, { target: "draft-7" });
    expect(strictSchemaViolation(jsonSchema)).toMatch(/Missing 'matchedSkills'/);
    const open = { type: "object", properties: { a: { type: "string" } }, required: ["a"] };
    expect(strictSchemaViolation(open)).toMatch(/additionalProperties/);
  });
});
