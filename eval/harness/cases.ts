import { z } from "zod";
import { planQuestionSchema } from "@/lib/interview/schemas";

/**
 * The labelled evaluation set's shapes (`eval/README.md`). Each split folder
 * (`eval/tuning/`, `eval/held-out/`) holds `cases/*.json` — each `{ cases: EvalCase[] }`, one
 * file per topic (`discrimination.json`, `extraction.json`, …) — and the files its cases name. A file reference is either a path relative to that split folder
 * (`resumes/en-backend-senior.md`) or `corpus:<path>` inside the shared corpus
 * (`corpus:resumes-pdf/zh_typst_qianxi_cv.pdf`, resolved by tests/corpus-dir.ts). Resume files
 * (.md, .txt, .json, .pdf, .docx) go through the same extraction as an upload; job files are
 * read as text, as a pasted job description is.
 *
 * Every case says what it checks (`checks`) and why its expected outcome is right (`why`), in
 * a sentence each, so a reader can disagree with a label.
 */

/** A file of the split folder, or `corpus:<path>` in the shared corpus. */
export const fileRefSchema = z.string().min(1);
export type FileRef = z.infer<typeof fileRefSchema>;

const base = {
  /** Unique across both splits, kebab-case. */
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  checks: z.string().min(1),
  why: z.string().min(1),
  /** Roles and seniorities covered, for the coverage table (free text: `backend`, `senior`). */
  tags: z.array(z.string()).default([]),
};

/** Analysed N times (5 by default): the σ of the overall and of each dimension is reported. */
const stabilityCase = z.object({ ...base, kind: z.literal("stability"), resume: fileRefSchema, job: fileRefSchema.optional() });

/** Against one job, `fit` must score higher than `misfit` on the skills dimension and on match %. */
const discriminationCase = z.object({
  ...base,
  kind: z.literal("discrimination"),
  job: fileRefSchema,
  fit: fileRefSchema,
  misfit: fileRefSchema,
});

/** Programmatic edits of a resume's text (eval/harness/edits.ts). */
export const EDIT_OPS = ["remove_quantified", "delete_skills", "shuffle_sections"] as const;

/**
 * `edited` (a file) or `edit` (an operation on `base`'s extracted text) must not move the
 * overall score, nor any dimension named in `dimensions` (all when absent), in the forbidden
 * direction: `not_higher` — removing quantified results, deleting the skills section,
 * shuffling sections; `not_lower` — fixing typos, adding a real project with numbers.
 */
const monotonicityCase = z
  .object({
    ...base,
    kind: z.literal("monotonicity"),
    base: fileRefSchema,
    edited: fileRefSchema.optional(),
    edit: z.enum(EDIT_OPS).optional(),
    job: fileRefSchema.optional(),
    direction: z.enum(["not_higher", "not_lower"]),
    dimensions: z.array(z.enum(["experience", "skills", "content", "structure", "expression"])).optional(),
  })
  .refine((c) => (c.edited === undefined) !== (c.edit === undefined), { message: "give exactly one of edited or edit" });

/**
 * The same resume in both languages: each analysis is written in its resume's language, and
 * the two overall scores are within 5 points (with `jobs`, each against its own language's job).
 */
const languageCase = z.object({
  ...base,
  kind: z.literal("language"),
  zh: fileRefSchema,
  en: fileRefSchema,
  jobs: z.object({ zh: fileRefSchema, en: fileRefSchema }).optional(),
});

/**
 * A DOCX or PDF and the text a reader sees on its pages (`visible`, a .txt, one line per
 * visible line): the share of that text's words (CJK characters count one each) that reaches
 * the analysis' input. Hidden text aimed at a grader is not part of `visible`.
 */
const extractionCase = z.object({ ...base, kind: z.literal("extraction"), file: fileRefSchema, visible: fileRefSchema });

/**
 * One interview question and four answers of rising quality: the grades must be strictly
 * ordered empty < wrong < partial < complete; `dontKnow` ("I don't know", in the language)
 * must score 0; grading twice gives the same grade.
 */
const interviewCase = z.object({
  ...base,
  kind: z.literal("interview"),
  language: z.enum(["en", "zh"]),
  role: z.string().min(1),
  question: planQuestionSchema,
  answers: z.object({ empty: z.string(), wrong: z.string(), partial: z.string(), complete: z.string(), dontKnow: z.string() }),
});

/** Discriminated by `kind`, so a case that fails names the field it fails on, not only "Invalid input". */
export const evalCaseSchema = z.discriminatedUnion("kind", [stabilityCase, discriminationCase, monotonicityCase, languageCase, extractionCase, interviewCase]);
export type EvalCase = z.infer<typeof evalCaseSchema>;
export type EvalCaseKind = EvalCase["kind"];

export const SPLITS = ["tuning", "held-out"] as const;
export type Split = (typeof SPLITS)[number];

export const caseFileSchema = z.object({ cases: z.array(evalCaseSchema) });

/**
 * `eval/known-misses.json`: the cases that miss their goal today, per split, each with why
 * (`{ "held-out": { "<case id>": "<why>" } }`). The report prints the reason beside the miss;
 * the CI slice (tests/eval/harness-slice.test.ts) fails on a miss not listed here and on a
 * listed case that passes, so the list only shrinks.
 */
export const knownMissesSchema = z.object({ tuning: z.record(z.string(), z.string()), "held-out": z.record(z.string(), z.string()) });
export type KnownMisses = z.infer<typeof knownMissesSchema>;
