import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CORPUS_DIR } from "@/tests/corpus-dir";
import { extractJobSkills, groundModelSkills, MAX_JOB_SKILLS } from "./skills";

const corpus = (p: string) => fs.readFileSync(path.join(CORPUS_DIR, "jobs", p), "utf8");

describe("extractJobSkills (offline engine)", () => {
  it("the senior software engineer JD (YAML front matter) asks for cloud, CI/CD and agile work, in English", () => {
    const s = extractJobSkills(corpus("en_swe_senior-software-engineer_gsa-tts.md"));
    expect(s.language).toBe("en");
    for (const name of ["AWS", "Azure", "GCP", "CI/CD", "DevOps", "Agile", "Security"]) expect(s.requiredSkills).toContain(name);
    // The template's YAML comments ("If you are editing this file on GitHub…") are not skills.
    expect(s.requiredSkills).not.toContain("Git");
  });

  it("the full-stack JD lists its languages as required and ignores the benefits section", () => {
    const s = extractJobSkills(corpus("en_swe_full-stack-engineer_resume-matcher.txt"));
    for (const name of ["JavaScript", "HTML", "CSS", "Python", "MySQL", "MongoDB"]) expect(s.requiredSkills).toContain(name);
    expect(s.preferredSkills).toEqual([]);
  });

  it("reads a JSON job (skills with keywords)", () => {
    const s = extractJobSkills(corpus("en_web-developer_json-job-schema.json"));
    expect(s.language).toBe("en");
    for (const name of ["JavaScript", "React", "Node.js", "SQL", "MongoDB"]) expect(s.requiredSkills).toContain(name);
  });

  it("a Chinese JD: 能力要求 are required, 加分项 preferred, language zh", () => {
    const s = extractJobSkills(corpus("zh_data_python-data-mining_jd.md"));
    expect(s.language).toBe("zh");
    for (const name of ["Python", "Flask", "Django", "MySQL", "Redis", "MongoDB"]) expect(s.requiredSkills).toContain(name);
    for (const name of ["Docker", "Linux", "Go"]) expect(s.preferredSkills).toContain(name);
    expect(s.requiredSkills.filter((n) => s.preferredSkills.includes(n))).toEqual([]);
  });

  it("a Chinese JD with 岗位要求: Java, MySQL, Redis required", () => {
    const s = extractJobSkills(corpus("zh_backend_java-engineer_jd.md"));
    expect(s.language).toBe("zh");
    for (const name of ["Java", "JVM", "Dubbo", "MySQL", "Redis", "Elasticsearch"]) expect(s.requiredSkills).toContain(name);
  });

  it("a line saying 'is a plus' makes its skill preferred; a requirements line keeps it required", () => {
    const s = extractJobSkills("Requirements\n- Go and PostgreSQL\nNice to have\n- Kubernetes\n- Terraform is a plus");
    expect(s.requiredSkills).toEqual(expect.arrayContaining(["Go", "PostgreSQL"]));
    expect(s.preferredSkills).toEqual(expect.arrayContaining(["Kubernetes", "Terraform"]));
    expect(s.preferredSkills).not.toContain("Go");
  });

  it("keeps each list within its cap on the multi-role posting", () => {
    const s = extractJobSkills(corpus("zh_multi-role_product-manager-backend-qa_jd.md"));
    expect(s.requiredSkills.length).toBeGreaterThan(20);
    expect(s.requiredSkills.length).toBeLessThanOrEqual(MAX_JOB_SKILLS);
  });
});

describe("groundModelSkills", () => {
  const jd = corpus("en_swe_full-stack-engineer_resume-matcher.txt");

  it("keeps the skills the description names (dictionary names), drops the ones it never asked for", () => {
    const out = groundModelSkills(jd, { required: ["javascript", "Kubernetes", "HTML and CSS"], preferred: ["MongoDB", "Rust"] });
    expect(out).toEqual({ requiredSkills: ["JavaScript", "HTML", "CSS"], preferredSkills: ["MongoDB"] });
  });

  it("keeps a skill the dictionary does not know when the description names it verbatim", () => {
    const out = groundModelSkills("Requirements: experience with Quarkus and Vert.x", { required: ["Quarkus"], preferred: ["Micronaut"] });
    expect(out).toEqual({ requiredSkills: ["Quarkus"], preferredSkills: [] });
  });

  it("a skill in both lists is required only", () => {
    const out = groundModelSkills(jd, { required: ["Python"], preferred: ["python", "PHP"] });
    expect(out).toEqual({ requiredSkills: ["Python"], preferredSkills: ["PHP"] });
  });
});
