import { describe, expect, it } from "vitest";
import { isQuantified, opener, verbKind } from "./achievements";
import { analyzeExpression, sameOpener } from "./expression";
import type { Line, Statement } from "./types";

describe("quantified achievements", () => {
  it("accepts numbers, percentages, money, multipliers and magnitude words", () => {
    for (const s of [
      "Reduced latency by 40%",
      "Raised $18M Series A",
      "Achieved 2.8x speedup",
      "serving 2M+ users",
      "每日处理 10 亿条日志",
      "性能提升3倍",
      "支撑每天超过2亿的PV",
      "used by thousands of users",
      "Won 1st place",
      "获得一等奖",
      "10k QPS",
      "提升了30%",
      "从2秒降到200毫秒",
      "节省了50万元",
      "日活百万",
      "响应时间缩短一半",
      "cut build time in half",
      "made deploys ten times faster",
      "Hackathon Winner: First place in 2019 Bay Area Tech Hackathon",
      "获得黑客马拉松冠军",
    ]) {
      expect(isQuantified(s), s).toBe(true);
    }
  });

  it("ignores years, dates and version-like tokens", () => {
    for (const s of ["Joined in 2019", "Worked on IPv4 and ext4", "Trained on A100 GPUs", "Jan 2020 - Present", "负责Linux的网络部分"]) {
      expect(isQuantified(s), s).toBe(false);
    }
  });
});

describe("action verbs", () => {
  it("classifies English openers", () => {
    expect(verbKind("Led a team of 5")).toBe("action");
    expect(verbKind("Re-architected the editor")).toBe("action");
    expect(verbKind("Successfully won the hackathon")).toBe("action");
    expect(verbKind("Personal Project: Built a model")).toBe("action");
    expect(verbKind("Responsible for the build")).toBe("weak");
    expect(verbKind("Worked with PostgreSQL")).toBe("weak");
    expect(verbKind("The model predicts prices")).toBe("none");
  });

  it("classifies Chinese openers", () => {
    expect(verbKind("负责订单系统的设计")).toBe("action");
    expect(verbKind("我主导了支付模块重构")).toBe("action");
    expect(verbKind("参与需求评审并实现接口")).toBe("weak");
    expect(verbKind("和张小帅一起玩")).toBe("none");
  });

  it("finds the Chinese verb after an instrument phrase however long the tool names are", () => {
    expect(verbKind("使用 TensorFlow 开发用户评论的情感分类模型")).toBe("action");
    expect(verbKind("使用 SQL（MySQL、Hive）完成每周 30 余个取数需求")).toBe("action");
    expect(verbKind("用 Python（Pandas）自动化生成日报")).toBe("action");
    expect(opener("使用 Docker 与 Kubernetes 部署在线推理服务")).toBe("部署");
    expect(opener("使用 SQL 与 Hive 处理 TB 级训练数据")).toBe("处理");
  });

  it("reads a pinyin-input slip of a weak opener as weak, and of a verb as that verb for repetition", () => {
    expect(verbKind("参与开发订单导出模块")).toBe("weak");
    expect(verbKind("参预开发订单导出模块")).toBe("weak"); // canyu: a slip of 参与
    expect(verbKind("参加开发订单导出模块")).toBe("action"); // canjia: another word, not a slip
    expect(opener("负则开发销量预测任务")).toBe("负责"); // fuze
    expect(opener("负面开发销量预测任务")).toBe("开发"); // fumian is not fuze
  });
});

describe("expression facts", () => {
  const st = (text: string, i: number): Statement => ({ text, evidence: text, line: i, lines: [i], entry: 0, bullet: true });
  it("counts pronouns, fillers and repeated openers", () => {
    const x = analyzeExpression(["I built various tools for my team", "负责订单模块", "负责支付模块", "负责用户模块", "我们负责自我驱动的项目"].map(st), []);
    expect(x.pronouns.count).toBe(2); // "I", "my"; 我们 and 自我 are not first-person singular
    expect(x.fillers.words).toContain("various");
    expect(x.repeated).toContain("负责");
  });

  it("counts a cliché misspelt by a pinyin keyboard as the cliché", () => {
    expect(analyzeExpression([], [{ text: "工作认真负则，积极注动", raw: "", index: 0 } as Line]).fillers.words).toEqual(["积极主动", "认真负责"]);
    expect(analyzeExpression([], [{ text: "工作认真负重", raw: "", index: 0 } as Line]).fillers.count).toBe(0);
  });

  it("counts a misspelt opener as the verb it misspells, when another statement uses that verb", () => {
    const zh = analyzeExpression(["实现库存接口", "实线订单状态机", "实现缓存", "设计调度模块", "优化慢查询", "搭建监控"].map(st), []);
    expect(zh.repeated).toContain("实现");
    const en = analyzeExpression(
      ["Implemented a pipeline", "Implmented dbt models", "Implemented checks", "Built Spark jobs", "Reduced costs", "Migrated cron jobs"].map(st),
      [],
    );
    expect(en.repeated).toContain("implemented");
    expect(sameOpener("完善", "完成")).toBe(false); // a real word, not a slip: Chinese slips are homophones (opener)
    expect(sameOpener("implemented", "implemented")).toBe(false);
    expect(sameOpener("built", "build")).toBe(false);
  });
});
