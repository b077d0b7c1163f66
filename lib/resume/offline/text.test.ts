import { describe, expect, it } from "vitest";
import { jsonToText } from "./json-text";
import { normalizeInline, prepare } from "./text";

describe("prepare", () => {
  it("strips Markdown, marks bullets and ATX/setext headings", () => {
    const doc = prepare("# Jane Doe\n\nExperience\n----------\n\n* **Built** a [tool](http://x.io)\n1. Second item\n---\n");
    expect(doc.lines.map((l) => l.text)).toEqual(["Jane Doe", "Experience", "Built a tool (http://x.io)", "Second item"]);
    expect(doc.lines[0].markupHeading).toBe(1);
    expect(doc.lines[1].markupHeading).toBe(1); // setext underline
    expect(doc.lines[2].bullet).toBe(true);
    expect(doc.lines[3].bullet).toBe(true);
    expect(doc.lines[2].raw).toBe("* **Built** a [tool](http://x.io)"); // evidence stays verbatim
  });

  it("decodes HTML entities, drops tags, keeps autolinked e-mails", () => {
    expect(normalizeInline("<center>性 别：男&emsp;&emsp;年 龄：25</center>")).toBe("性别：男 年龄：25");
    expect(normalizeInline("> <email@example.com> • +00")).toContain("email@example.com");
  });

  it("removes spaces between Chinese characters (PDFs that extract '教 育 背 景')", () => {
    expect(normalizeInline("教 育 背 景")).toBe("教育背景");
    expect(normalizeInline("熟练使用 C++，掌握 Go")).toBe("熟练使用 C++，掌握 Go");
  });

  it("unifies dashes and soft hyphens, re-joins letter-spaced words", () => {
    expect(normalizeInline("on-\u00ad\u2010campus 2019 \u2013 2021")).toBe("on-campus 2019 - 2021");
    expect(normalizeInline("JA R E D R I C H A R D S")).toBe("JA REDRICHARDS");
  });
});

describe("jsonToText", () => {
  it("turns a JSON Resume into headed sections with bullets", () => {
    const text = jsonToText(
      JSON.stringify({
        basics: { name: "R. H.", email: "r@x.com", summary: "Builder." },
        work: [{ name: "Pied Piper", position: "CEO", startDate: "2013-12-01", endDate: "2014-12-01", highlights: ["Built it"] }],
        skills: [{ name: "Web", keywords: ["HTML", "CSS"] }],
      }),
    )!;
    expect(text).toContain("Work Experience\nCEO | Pied Piper | 2013-12-01 to 2014-12-01\n- Built it");
    expect(text).toContain("Skills\nWeb: HTML, CSS");
  });

  it("returns null for non-JSON and flattens other JSON", () => {
    expect(jsonToText("plain text")).toBeNull();
    expect(jsonToText('{"title":"Dev","skills":[{"keywords":["Go"]}],"meta":{"x":"skip"}}')).toBe("Dev\nGo");
  });

  it("flattens JSON nested ten thousand levels deep without overflowing the stack, leaves in document order", () => {
    const deep = `${"[".repeat(10_000)}"Go"${"]".repeat(10_000)}`;
    expect(jsonToText(deep)).toBe("Go");
    expect(jsonToText(`[["a", ["b"]], "c", {"d": ["e", {"f": "g"}]}]`)).toBe("a\nb\nc\ne\ng");
  });
});
