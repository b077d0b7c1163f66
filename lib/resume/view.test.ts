import { beforeAll, describe, expect, it } from "vitest";
import { taskRow } from "@/lib/tasks/task-row.mock";
import type { Analysis } from "./analysis-schema";
import { resumeBodySchema, resumeListBodySchema } from "./contracts";
import { analyzeResume } from "./engine";
import { toResumeBody, toResumeListBody } from "./view";

const RESUME = `Jane Doe
jane@example.com · +1 555 0100
Experience
Senior Backend Engineer, Acme Corp, 2019 – 2024
- Led the move of the billing service to Go, cutting p99 latency by 40%
- Built a Kafka pipeline processing 2M events a day
Education
BSc Computer Science, 2015
Skills
Go, PostgreSQL, Kafka, Kubernetes`;

const created = new Date("2025-05-01T10:00:00.000Z");
const resumeRow = {
  id: "0b8f3c1e-1111-4c55-8a4e-0d1f3c2b5a10",
  ownerId: "user-1",
  fileId: "0b8f3c1e-2222-4c55-8a4e-0d1f3c2b5a10",
  fileName: "jane.pdf",
  jobDescription: "Backend engineer: Go, PostgreSQL",
  dedupeKey: "k",
  language: "en" as const,
  taskId: "7f1c2b1e-9a0e-4c55-8a4e-0d1f3c2b5a10",
  organizationId: null,
  batchId: null,
  createdAt: created,
};

let analysis: Analysis;
beforeAll(async () => {
  // The offline engine's real output (no LLM configured), so the contract meets what is stored.
  delete process.env.LLM_BASE_URL;
  delete process.env.LLM_API_KEY;
  ({ analysis } = await analyzeResume({ text: RESUME, jobDescription: resumeRow.jobDescription, language: "en" }));
});

describe("resume bodies", () => {
  it("a completed resume's body carries its analysis and parses with the contract", () => {
    const body = toResumeBody({ resume: resumeRow, task: taskRow({ status: "COMPLETED" }), analysis });
    expect(resumeBodySchema.parse(body)).toEqual(body);
    expect(body.analysis?.overallScore).toBe(analysis.overallScore);
  });

  it("while the task runs (or when it is missing) the analysis is null and the body still parses", () => {
    for (const task of [taskRow({ status: "PROCESSING" }), null]) {
      const body = toResumeBody({ resume: { ...resumeRow, language: null }, task, analysis: null });
      expect(resumeBodySchema.parse(body)).toMatchObject({ analysis: null, status: task?.status ?? null, language: null });
    }
  });

  it("the list body parses with the contract, rows in the query's order", () => {
    const rows = [
      {
        id: resumeRow.id,
        fileName: "a.pdf",
        createdAt: created,
        language: "en" as const,
        taskId: resumeRow.taskId,
        status: "COMPLETED" as const,
        overallScore: 71.5,
        engine: "offline",
      },
      {
        id: "0b8f3c1e-3333-4c55-8a4e-0d1f3c2b5a10",
        fileName: "b.docx",
        createdAt: created,
        language: null,
        taskId: null,
        status: null,
        overallScore: null,
        engine: null,
      },
    ];
    const body = toResumeListBody(rows);
    expect(resumeListBodySchema.parse(body)).toEqual(body);
    expect(body.items.map((i) => i.fileName)).toEqual(["a.pdf", "b.docx"]);
    expect(body.items[0].createdAt).toBe("2025-05-01T10:00:00.000Z");
  });
});
