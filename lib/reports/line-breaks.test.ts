import { describe, expect, it } from "vitest";
import { reportWordBreaks } from "./line-breaks";

describe("reportWordBreaks", () => {
  it("keeps an English word whole, so no hyphen is drawn into it", () => {
    expect(reportWordBreaks("Kubernetes")).toEqual(["Kubernetes"]);
    expect(reportWordBreaks("internationalization,")).toEqual(["internationalization,"]);
  });

  it("offers a hyphen-free break after every CJK character, also where Latin text meets it", () => {
    expect(reportWordBreaks("熟悉Go语言")).toEqual(["", "熟", "", "悉", "", "Go", "", "语", "", "言", ""]);
  });

  it("never breaks before closing punctuation", () => {
    expect(reportWordBreaks("服务，熟悉")).toEqual(["", "服", "", "务，", "", "熟", "", "悉", ""]);
    expect(reportWordBreaks("，熟")[0]).toBe("，");
  });

  it("offers a break at a word's CJK or symbol end, where react-pdf's next run may begin (a script or font change)", () => {
    expect(reportWordBreaks("代价；")).toEqual(["", "代", "", "价；", ""]);
    expect(reportWordBreaks("MVCC/")).toEqual(["MVCC/"]);
    expect(reportWordBreaks("✗")).toEqual(["✗", ""]);
  });

  it("cuts a long run such as a URL into pieces, and the pieces join to the word again", () => {
    const url = "https://example.com/a/very/long/path/that/cannot/fit";
    const parts = reportWordBreaks(url);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((p) => p.length <= 15)).toBe(true);
    expect(parts.join("")).toBe(url);
    expect(reportWordBreaks("链接https://example.com/a/very/long/path/that/cannot/fit").join("")).toBe(`链接${url}`);
  });
});
