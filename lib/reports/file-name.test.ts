import { describe, expect, it } from "vitest";
import { attachmentDisposition, reportFileName } from "./file-name";

describe("report file names", () => {
  it("names the report after its source, without the source's extension", () => {
    expect(reportFileName("jane-doe-cv.pdf", "resume")).toBe("jane-doe-cv-report.pdf");
    expect(reportFileName("C:\\Users\\x\\简历.docx", "resume")).toBe("简历-report.pdf");
    expect(reportFileName("Backend engineer", "interview")).toBe("Backend engineer-report.pdf");
    expect(reportFileName(".pdf", "resume")).toBe("resume-report.pdf");
  });

  it("drops bidirectional overrides, so a name cannot display reversed", () => {
    expect(reportFileName("cv\u202egnp.exe", "resume")).toBe("cvgnp-report.pdf");
    expect(reportFileName("\u2067Jane\u2069 CV.pdf", "resume")).toBe("Jane CV-report.pdf");
  });

  it("keeps an ASCII name as it is, and quotes it", () => {
    expect(attachmentDisposition("cv-report.pdf")).toBe(`attachment; filename="cv-report.pdf"; filename*=UTF-8''cv-report.pdf`);
  });

  it("gives a non-ASCII name an ASCII fallback and the exact name in filename* (RFC 6266, RFC 5987)", () => {
    const header = attachmentDisposition(`陈"伟'(CV)-report.pdf`);
    expect(header).toBe(`attachment; filename="___'(CV)-report.pdf"; filename*=UTF-8''%E9%99%88%22%E4%BC%9F%27%28CV%29-report.pdf`);
    const encoded = header.split("UTF-8''")[1];
    expect(decodeURIComponent(encoded)).toBe(`陈"伟'(CV)-report.pdf`);
  });
});
