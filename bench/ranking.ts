/**
 * Benchmark: `GET /api/jobs/{id}/ranking` for a job with 200 applications, with the resume
 * profiles cached (what the analysis tasks leave behind) against the same ranking when every
 * profile must first be made from the file (none stored yet): the baseline.
 *
 *   npx tsx bench/ranking.ts
 *
 * What it answers: whether a ranking of a full batch answers in interactive time, and what the
 * profile cache buys. Each call is `rankJob` + `toRankingBody` — what the route handler runs
 * once the door has passed — in process, on its own database.
 *
 * Data: BENCH_APPLICATIONS applications (200), their files taken in turn from the corpus
 * resumes that extract (PDF and text; each copy made unique by a trailing comment line, so
 * no two share a cache entry), each with a stored analysis (synthetic scores; the ranking
 * reads the analysis' overall score and evidence, not how it was made).
 * Valid only if the cold and warm rankings are the same rows in the same order.
 *
 * Knobs: BENCH_APPLICATIONS, BENCH_ITERATIONS (10 warm calls after 1 warm-up), BENCH_KEEP=1,
 * BENCH_WRITE_DOCS (1 always / 0 never; default: a default-settings run writes the "Ranking" section).
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { createDb } from "@/lib/db/client";
import { insertApplication } from "@/lib/db/queries/applications";
import { ensureOrganizationWithOwner } from "@/lib/db/queries/organizations";
import { insertTask } from "@/lib/db/queries/tasks";
import { analyses, files, jobs, resumes, user } from "@/lib/db/schema";
import { rankJob } from "@/lib/jobs/ranking-service";
import { toRankingBody } from "@/lib/jobs/ranking-view";
import { jdSkills } from "@/lib/resume";
import { newTask } from "@/lib/tasks/definitions";
import { CORPUS_DIR } from "@/tests/corpus-dir";
import { recordKnobbedRun } from "./lib/docs";
import { Knobs } from "./lib/knobs";
import { createBenchDatabase } from "./lib/resources";
import { consoleTable, fmtMs, markdownTable, percentile, ratio } from "./lib/stats";

const SCRIPT = "bench/ranking.ts";
const SECTION = "ranking";
const knobs = new Knobs({ BENCH_APPLICATIONS: 200, BENCH_ITERATIONS: 10 });
const EXTRA = ["BENCH_KEEP", "BENCH_WRITE_DOCS"];
const log = (msg: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);
/** Corpus resumes that extract (docs/corpus-outcomes.md); DOCX is left out because bytes after its ZIP would not be a DOCX. */
const CORPUS = [
  "resumes-pdf/en_chromium_two-column-sidebar_devops.pdf",
  "resumes-pdf/en_latex_moderncv_ml-engineer_harvey-dent.pdf",
  "resumes-pdf/en_msword_accountant_pair.pdf",
  "resumes-pdf/en_pdfshift_two-column_aws-devops.pdf",
  "resumes-pdf/en_react-pdf_openresume.pdf",
  "resumes-pdf/en_typst_rendercv_classic.pdf",
  "resumes-pdf/zh_typst_qianxi_cv.pdf",
  "resumes-txt-md/en_plain_sample_resume.txt",
  "resumes-txt-md/en_pandoc_resume.md",
];
const JD = readFileSync(path.join(CORPUS_DIR, "jobs/en_swe_senior-software-engineer_gsa-tts.md"), "utf8");

async function main() {
  const started = performance.now();
  const loadStart = os.loadavg()[0];
  const n = knobs.get("BENCH_APPLICATIONS");
  const iterations = knobs.get("BENCH_ITERATIONS");
  const database = await createBenchDatabase("ranking");
  const { db, sql } = createDb(database.url);
  try {
    const userId = `bench_${randomUUID().slice(0, 8)}`;
    await db.insert(user).values({ id: userId, name: "Bench Recruiter", email: `${userId}@example.test` });
    const { organizationId } = await ensureOrganizationWithOwner(db, { id: `org_${userId}`, name: "Bench", slug: `bench-${userId.slice(6)}`, ownerId: userId });
    const skills = jdSkills(JD);
    const [job] = await db
      .insert(jobs)
      .values({
        organizationId,
        createdBy: userId,
        title: "Senior Software Engineer",
        description: JD,
        requiredSkills: skills.filter((s) => s.weight === 1).map((s) => s.name),
        preferredSkills: skills.filter((s) => s.weight < 1).map((s) => s.name),
        seniority: "senior",
      })
      .returning();
    log(`seeding ${n} applications`);
    for (let i = 0; i < n; i++) {
      const file = CORPUS[i % CORPUS.length];
      const bytes = Buffer.concat([readFileSync(path.join(CORPUS_DIR, file)), Buffer.from(file.endsWith(".pdf") ? `\n%bench ${i}\n` : `\nReference ${i}\n`)]);
      const [f] = await db
        .insert(files)
        .values({
          ownerId: userId,
          fileName: path.basename(file),
          mediaType: "application/octet-stream",
          kind: file.endsWith(".pdf") ? "pdf" : "text",
          sizeBytes: bytes.length,
          sha256: `${i}-${randomUUID()}`,
          bytes,
        })
        .returning();
      const [resume] = await db
        .insert(resumes)
        .values({ ownerId: userId, organizationId, fileId: f.id, fileName: path.basename(file), dedupeKey: randomUUID() })
        .returning();
      const task = await insertTask(db, newTask("resume.analyze", { ownerId: userId, payload: { resumeId: resume.id }, lane: "batch" }));
      const overallScore = 40 + ((i * 37) % 55);
      const keys = ["experience", "skills", "content", "structure", "expression"] as const;
      const result = {
        overallScore,
        dimensions: keys.map((key) => ({ key, score: overallScore / 5, max: 20, rationale: "", evidence: [`${key} evidence of ${i}`] })),
        summary: "",
        strengths: [],
        suggestions: [],
        matchedSkills: [],
        missingSkills: [],
        matchPercent: 0,
        engine: "offline",
        language: file.includes("/zh_") ? "zh" : "en",
      };
      await db.insert(analyses).values({ resumeId: resume.id, taskId: task.id, engine: "offline", overallScore, result });
      await db.update(resumes).set({ taskId: task.id }).where(eq(resumes.id, resume.id));
      await insertApplication(db, { jobId: job.id, organizationId, resumeId: resume.id, source: "uploaded", actorId: userId });
    }
    const rank = async () => {
      const t0 = performance.now();
      const body = toRankingBody(await rankJob({ db }, { organizationId, jobId: job.id }), { blind: true });
      return { ms: performance.now() - t0, body };
    };
    log("cold: every profile made from its file");
    const cold = await rank();
    await rank(); // warm-up
    const warm: number[] = [];
    let last = cold.body;
    for (let i = 0; i < iterations; i++) {
      const r = await rank();
      warm.push(r.ms);
      last = r.body;
    }
    const rowsOf = (b: typeof cold.body) => JSON.stringify(b.items.map((x) => [x.applicationId, x.fit]));
    const valid = cold.body.items.length === n && rowsOf(cold.body) === rowsOf(last);
    const header = [`ranking of ${n}`, "p50", "max", "cold ÷ this"];
    const rows = [
      ["warm (profiles stored)", fmtMs(percentile(warm, 50)), fmtMs(Math.max(...warm)), ratio(cold.ms, percentile(warm, 50))],
      ["baseline: cold (every file extracted)", fmtMs(cold.ms), fmtMs(cold.ms), "1.00×"],
    ];
    console.log(`\n${consoleTable(header, rows)}\n`);
    if (!valid) {
      console.log("NOT VALID: the cold and warm rankings differ");
      process.exitCode = 1;
    }
    recordKnobbedRun(knobs, {
      script: SCRIPT,
      section: SECTION,
      extra: EXTRA,
      valid,
      log,
      indexRow:
        "| [Ranking](#ranking) | `npx tsx bench/ranking.ts` | `GET /api/jobs/{id}/ranking` of 200 applications with the resume profiles stored vs every profile made from its file |",
      title: "Ranking",
      loadStart,
      started,
      lines: () => [
        `One job, ${n} applications (corpus PDFs and text files in turn, each copy unique), each with a stored analysis. Each call is \`rankJob\` + \`toRankingBody\` (blind), in process.`,
        `Warm: the profiles are stored (\`resume_profiles\`; the analysis tasks write them), ${iterations} calls after one warm-up. Baseline cold: the first call, with every profile made from its file (extraction + the offline profile) and stored. Valid only if both give the same rows in the same order.`,
        "",
        markdownTable(header, rows),
      ],
    });
  } finally {
    await sql.end({ timeout: 5 });
    if (process.env.BENCH_KEEP !== "1") await database.drop();
  }
}

await main();
