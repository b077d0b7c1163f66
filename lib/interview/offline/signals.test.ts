import { describe, expect, it } from "vitest";
import { depthParts, hasNumbers, starParts } from "./signals";

describe("hasNumbers", () => {
  it.each(["提升了30%", "从2秒降到200毫秒", "发布时间从三小时降到十五分钟", "快了两倍", "转化率涨了五个百分点", "p95 went from 4 s to 300 ms"])(
    "finds the quantity in %j",
    (text) => {
      expect(hasNumbers(text)).toBe(true);
    },
  );

  it.each(["我们一起改进了发布流程", "性能好了很多", "it got much faster"])("finds none in %j", (text) => {
    expect(hasNumbers(text)).toBe(false);
  });
});

describe("Chinese structure markers", () => {
  it("reads 情境/任务/行动/结果 and 当时/负责/最终 as the STAR parts", () => {
    expect(starParts("当时项目延期了。我负责后端。我主导了拆分。最终提前上线。")).toEqual({ situation: true, task: true, action: true, result: true });
    expect(starParts("（情境）……（任务）……（行动）……")).toEqual({ situation: true, task: true, action: true, result: false });
  });

  it("counts a result in Chinese numerals as numbers in a technical answer", () => {
    expect(depthParts("查询从两秒缩短到两百毫秒").numbers).toBe(true);
  });
});
