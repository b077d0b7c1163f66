import { describe, expect, it } from "vitest";
import { batchBodySchema, jobBodySchema, jobListBodySchema } from "./contracts";
import { DEFAULT_WEIGHTS } from "./ranking-contracts";
import { jobWeights, toBatchBody, toJobBody, toJobListBody } from "./view";

const at = new Date("2026-11-30T09:00:00.000Z");
const job = {
  id: "5b2f3c1e-1111-4c55-8a4e-0d1f3c2b5a10",
  organizationId: "org_1",
  createdBy: "user-1",
  title: "Senior Backend Engineer",
  description: "Requirements: Go, PostgreSQL",
  requiredSkills: ["Go", "PostgreSQL"],
  preferredSkills: [],
  skillsSource: "offline",
  skillsTaskId: null,
  seniority: "senior" as const,
  location: null,
  language: "en" as const,
  status: "open" as const,
  weights: { required_skills: 70, charm: 5 },
  createdAt: at,
  updatedAt: at,
  skillsStatus: null,
  stageCounts: { new: 2 },
};

describe("job bodies", () => {
  it("fit their contracts, with every weight filled in and unknown keys dropped", () => {
    const body = jobBodySchema.parse(toJobBody(job));
    expect(body.weights).toEqual({ ...DEFAULT_WEIGHTS, required_skills: 70 });
    expect(jobListBodySchema.parse(toJobListBody([job])).items[0]).toEqual({
      id: job.id,
      title: job.title,
      status: "open",
      seniority: "senior",
      location: null,
      createdAt: at.toISOString(),
      stageCounts: { new: 2 },
    });
    expect(jobWeights({ weights: null })).toEqual(DEFAULT_WEIGHTS);
  });
});

describe("toBatchBody", () => {
  it("counts done, failed (with REFUSED) and waiting, gives failures their reason, and derives the duplicates", () => {
    const batch = {
      id: "6c2f3c1e-1111-4c55-8a4e-0d1f3c2b5a10",
      organizationId: "org_1",
      jobId: job.id,
      createdBy: "user-1",
      fileCount: 6,
      refused: [{ fileName: "zero.pdf", error: { code: "unprocessable:upload", message: "The file is empty." } }],
      createdAt: at,
    };
    const item = (fileName: string, status: "COMPLETED" | "PROCESSING" | "TERMINATED_BY_POLICY" | "RETRYING", errorCode: string | null = null) => ({
      resumeId: `7d2f3c1e-1111-4c55-8a4e-0d1f3c2b5a1${fileName.length}`,
      fileName,
      taskId: "8e2f3c1e-1111-4c55-8a4e-0d1f3c2b5a10",
      status,
      errorCode,
      errorMessage: errorCode ? "No text layer." : null,
    });
    const body = batchBodySchema.parse(
      toBatchBody({
        batch,
        jobTitle: job.title,
        items: [
          item("a.pdf", "COMPLETED"),
          item("bb.pdf", "PROCESSING"),
          item("scan.pdf", "TERMINATED_BY_POLICY", "no_text_layer"),
          item("rr.pdf", "RETRYING", "upstream_5xx"),
        ],
      }),
    );
    expect(body.counts).toEqual({ done: 1, failed: 2, waiting: 2 });
    expect(body.duplicates).toBe(1);
    expect(body.items.map((i) => [i.fileName, i.status, i.error?.code ?? null])).toEqual([
      ["a.pdf", "COMPLETED", null],
      ["bb.pdf", "PROCESSING", null],
      ["scan.pdf", "TERMINATED_BY_POLICY", "no_text_layer"],
      // A retry's reason is the task's business while it waits; the item fails only when the task does.
      ["rr.pdf", "RETRYING", null],
      ["zero.pdf", "REFUSED", "unprocessable:upload"],
    ]);
  });
});
