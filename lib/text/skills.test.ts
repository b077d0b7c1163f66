import { describe, expect, it } from "vitest";
import { explicitSkills, extractSkills } from "./skills";
import { SKILLS } from "./skills-dictionary";

const names = (...lines: string[]) => explicitSkills(extractSkills(lines.map((text, index) => ({ index, text }))));
const all = (...lines: string[]) => [...extractSkills(lines.map((text, index) => ({ index, text }))).keys()];

describe("skill dictionary", () => {
  it("has about 200+ unique canonical skills across categories", () => {
    const set = new Set(SKILLS.map((s) => s.name));
    expect(set.size).toBe(SKILLS.length);
    expect(set.size).toBeGreaterThanOrEqual(200);
    expect(new Set(SKILLS.map((s) => s.category)).size).toBeGreaterThanOrEqual(12);
  });

  it("only implies skills that exist", () => {
    const set = new Set(SKILLS.map((s) => s.name));
    for (const s of SKILLS) for (const i of s.implies ?? []) expect(set.has(i), `${s.name} → ${i}`).toBe(true);
  });
});

describe("synonyms", () => {
  it("maps abbreviations and Chinese names to one canonical skill", () => {
    expect(names("K8s, JS and Postgres")).toEqual(["JavaScript", "PostgreSQL", "Kubernetes"]);
    expect(names("熟悉机器学习与微服务")).toEqual(["Microservices", "Machine Learning"]);
    expect(names("Machine Learning")).toEqual(names("机器学习"));
    expect(names("Golang")).toEqual(["Go"]);
    expect(names("CI/CD pipelines with Jenkins")).toEqual(["CI/CD", "Jenkins"]);
    expect(names("安卓开发")).toEqual(["Android"]);
    expect(names("数据埋点与漏斗分析")).toEqual(["Product Analytics"]);
    expect(names("负责总账、出纳与月结")).toEqual(["Accounting"]);
    expect(names("熟练使用Word、PPT")).toEqual(["Microsoft Office"]);
    expect(names("SPSS, Stata")).toEqual(["SPSS", "Stata"]);
  });

  it("reads testing skills in Chinese and English, and testing tools imply QA", () => {
    expect(names("黑盒测试、功能测试")).toEqual(["Quality Assurance"]);
    expect(names("熟悉前端、测试")).toEqual(["Front-End Development", "Quality Assurance"]);
    expect(names("A/B测试")).toEqual(["A/B Testing"]);
    expect(names("测试开发工程师")).toEqual(["Quality Assurance"]);
    expect(names("高级渗透测试工程师")).toEqual(["Penetration Testing"]);
    expect(names("单元测试")).toEqual(["Unit Testing"]);
    expect(all("LoadRunner")).toEqual(["Performance Testing", "Quality Assurance"]);
  });

  it("names the same finance skills in English and Chinese", () => {
    expect(names("Close the books each month; consolidated reports; tax planning; Yonyou; days sales outstanding fell")).toEqual(
      names("完成月结；合并报表；税务筹划；用友；应收账款周转天数下降"),
    );
    expect(names("days sales outstanding", "sales tax", "sales events")).not.toContain("Sales");
    expect(names("Inside sales representative")).toEqual(["Sales"]);
  });

  it("knows security, design, HR and service work in both languages", () => {
    expect(names("Monitor the SIEM (Splunk), triage phishing reports, run vulnerability scans")).toEqual(
      expect.arrayContaining(["SIEM", "Threat Analysis", "Vulnerability Management"]),
    );
    expect(all("熟练使用 Burp Suite、Nmap")).toEqual(["Penetration Testing", "Security"]);
    expect(names("Created brand identities and print-ready files")).toEqual(["Graphic Design"]);
    expect(all("负责招聘与员工关系")).toEqual(["Recruiting", "Employee Relations", "Human Resources"]);
    expect(names("处理重大客诉")).toEqual(["Customer Service"]);
    expect(names("during maintenance windows")).toEqual([]);
    expect(names("熟练使用PS、AI、CDR")).toEqual(["Photoshop", "Illustrator", "Graphic Design"]);
    expect(names("熟悉AI大模型应用")).toEqual(["Artificial Intelligence", "LLM"]);
    expect(names("负责大客户开发与回款")).toEqual(["Sales"]);
  });

  it("reads lower-case tool names only in lists or next to Chinese", () => {
    expect(names("熟练使用excel")).toEqual(["Excel"]);
    expect(names("Java、node、Go")).toEqual(["Java", "Go", "Node.js"]);
    expect(names("Each node in the cluster")).toEqual([]);
    expect(names("Head Office in London, word of mouth")).toEqual([]);
  });

  it("adds implied skills (MySQL ⇒ SQL, Databases; PyTorch ⇒ Deep Learning ⇒ Machine Learning)", () => {
    expect(all("MySQL")).toEqual(["MySQL", "SQL", "Databases"]);
    const hits = extractSkills([{ index: 0, text: "PyTorch" }]);
    expect(hits.get("Machine Learning")).toMatchObject({ implied: true, lines: [0] });
  });
});

describe("boundaries", () => {
  it("does not find Go in Google or Java in JavaScript", () => {
    expect(names("Google Cloud, JavaScript")).toEqual(["JavaScript", "GCP"]);
    expect(names("Go, Python")).toEqual(["Python", "Go"]);
    expect(names("了解Java、go、Python")).toEqual(["Python", "Java", "Go"]);
    expect(names("Ready to go to market")).toEqual(["Go-to-Market"]);
    expect(names("Experience with Go is an advantage")).toEqual(["Go"]);
    expect(names("5 years of Go experience")).toEqual(["Go"]);
    expect(names("Go to the office. Let it go")).toEqual([]);
    expect(names("Drove our Go-to-market plan with Go-getters")).toEqual(["Go-to-Market"]);
  });

  it("treats R and C as standalone tokens only", () => {
    expect(names("Python and R.")).toEqual(["Python", "R"]);
    expect(names("R&D department")).toEqual([]);
    expect(names("C/C++ and C#")).toEqual(["C", "C++", "C#"]);
    expect(names("C端产品经理")).toEqual(["Product Management"]);
    expect(names("MySQL, NoSQL")).not.toContain("SQL");
  });

  it("handles .NET, Node.js and case-sensitive words", () => {
    expect(names("ASP.NET and .NET Core")).toEqual([".NET"]);
    expect(names("Node.js")).toContain("Node.js");
    expect(names("Spring Boot services")).toContain("Spring Boot");
    expect(names("Spring 2023 semester")).toEqual([]);
    expect(names("I excel at sales")).not.toContain("Excel");
    expect(names("Excel and QuickBooks")).toEqual(["Excel", "QuickBooks"]);
  });

  it("ignores words inside URLs and e-mail addresses", () => {
    expect(names("http://github.com/foo/react-app go@python.org")).toEqual([]);
  });
});
