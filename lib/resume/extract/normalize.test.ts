import { describe, expect, it } from "vitest";
import { decodeEntities, normalizeText, stripMarkup } from "./normalize";

describe("normalizeText: Chinese spacing", () => {
  it("removes the spaces a PDF puts between every CJK character", () => {
    expect(normalizeText("张 三 负 责 后 端 开 发")).toBe("张三负责后端开发");
    expect(normalizeText("工 作 经 历\n教 育 背 景")).toBe("工作经历\n教育背景");
  });

  it("keeps spaces between CJK and Latin words on a spaced line", () => {
    expect(normalizeText("负 责 Kubernetes 的 网 络 部 分")).toBe("负责 Kubernetes 的网络部分");
  });

  it("joins alignment padding next to a single character (年  龄, 性<tab>别, ideographic space)", () => {
    expect(normalizeText("年  龄：22")).toBe("年龄：22");
    expect(normalizeText("·性\t别：男")).toBe("·性别：男");
    expect(normalizeText("姓\u3000名：李雷")).toBe("姓名：李雷");
  });

  it("keeps one space for a column gap and between two multi-character runs", () => {
    expect(normalizeText(`性别：男${" ".repeat(12)}年  龄：25`)).toBe("性别：男 年龄：25");
    expect(normalizeText("导师 导师")).toBe("导师 导师");
  });

  it("collapses LaTeX CJK fake bold (each glyph printed three times) but not Chinese reduplication", () => {
    expect(normalizeText("年 – 年 学学学位位位, 院校")).toBe("年 – 年学位, 院校");
    expect(normalizeText("高高兴兴")).toBe("高高兴兴");
  });

  it("keeps fullwidth Chinese punctuation while NFKC maps fullwidth letters and Kangxi radicals", () => {
    expect(normalizeText("熟悉Ｐｙｔｈｏｎ３，Ｊａｖａ（Spring）")).toBe("熟悉Python3，Java（Spring）");
    expect(normalizeText("\u2F83我评价")).toBe("自我评价"); // ⾃ KANGXI RADICAL SELF
  });
});

describe("normalizeText: Latin text", () => {
  it("collapses tabs and runs of spaces (Word-for-Mac PDFs separate words with tabs)", () => {
    expect(normalizeText("Leo\tLeopard\t\t  Student   at\tLa Verne")).toBe("Leo Leopard Student at La Verne");
  });

  it("joins letter-spaced words when word gaps are wider than letter gaps", () => {
    expect(normalizeText("J A R E D  R I C H A R D S")).toBe("JARED RICHARDS");
    expect(normalizeText("S K I L L S")).toBe("SKILLS");
  });

  it("leaves uniformly letter-spaced text alone (word boundaries are not recoverable)", () => {
    expect(normalizeText("JA R E D R I C H A R D S")).toBe("JA R E D R I C H A R D S");
    expect(normalizeText("Plan A or B")).toBe("Plan A or B");
  });

  it("removes zero-width and right-to-left marks, soft hyphens and control characters", () => {
    expect(normalizeText("\u200Bhello\u200F wor\u00ADld\u202B\u202C\u0003!")).toBe("hello world!");
    expect(normalizeText("\uFEFFJane")).toBe("Jane");
  });

  it("folds ligatures and Word's hyphen soup, keeps ™", () => {
    expect(normalizeText("ﬁnance and ofﬁce")).toBe("finance and office");
    expect(normalizeText("(909) 555-\u00AD\u20105555, on-\u00AD\u2010campus")).toBe("(909) 555-5555, on-campus");
    expect(normalizeText("Weisman Scores™")).toBe("Weisman Scores™");
  });

  it("drops icon-font glyphs from the Private Use Area", () => {
    expect(normalizeText("\uF0E0 john@doe.org \uF095 +1 234")).toBe("john@doe.org +1 234");
  });

  it("keeps line breaks, trims lines and collapses runs of blank lines", () => {
    expect(normalizeText("  Summary  \r\n\r\n\r\n\r\nLine one\rLine two\f")).toBe("Summary\n\nLine one\nLine two");
  });
});

describe("stripMarkup and entities", () => {
  it("decodes named and numeric entities in one pass", () => {
    expect(decodeEntities("A&amp;B &lt;3 &#x4E2D;&#25991; &amp;lt; &bogus;")).toBe("A&B <3 中文 &lt; &bogus;");
    expect(decodeEntities("男&emsp;&ensp;&nbsp;年")).toBe("男\u2003\u2002\u00A0年");
  });

  it("turns the Markdown+HTML template into plain lines", () => {
    const md = [
      " <center>",
      "     <h1>XXX</h1>",
      " </center>",
      "",
      "## 个人信息",
      "",
      "* 性 别：男&emsp;&emsp;&emsp;&emsp;&emsp;&emsp;&ensp;年 龄：25",
      "卡码简历：[https://jianli.kamacoder.com](https://jianli.kamacoder.com/)",
      "（**可以免费无水印导出一次！**）",
      "![](./kamajianli.jpg)",
    ].join("\n");
    expect(normalizeText(stripMarkup(md))).toBe(
      ["XXX", "", "个人信息", "", "- 性别：男 年龄：25", "卡码简历：https://jianli.kamacoder.com", "（可以免费无水印导出一次！）"].join("\n"),
    );
  });

  it("handles pandoc Markdown: setext headings, blockquotes, definitions, links, emphasis", () => {
    const md =
      "Johnny Coder\n============\n\n>  In this style\\\n\n2010-2014\n:   **PhD, Computer Science**; *Awesome* University\n\n* Item with [link](http://www.example.com).";
    expect(normalizeText(stripMarkup(md))).toBe(
      "Johnny Coder\n\nIn this style\n\n2010-2014\nPhD, Computer Science; Awesome University\n\n- Item with link (http://www.example.com).",
    );
  });

  it("keeps angle-bracket text that is not a known HTML tag", () => {
    expect(stripMarkup("Jane <jane@x.com> loves C++ <3 and a<b")).toBe("Jane jane@x.com loves C++ <3 and a<b");
    expect(stripMarkup("snake_case_name and 5 * 3 * 2")).toBe("snake_case_name and 5 * 3 * 2");
  });

  it("removes inline code marks and code fences, keeps the code text", () => {
    expect(stripMarkup("手机：135（```如果是外地手机```）\n```\ncode\n```")).toBe("手机：135（如果是外地手机）\ncode");
  });
});
