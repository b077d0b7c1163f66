import { describe, expect, it } from "vitest";
import { countCjk, hasCjk, isMostlyCjk, lengthUnits } from "./units";

describe("length units", () => {
  it("counts English words and Chinese characters as length units", () => {
    expect(lengthUnits("Built a search bar")).toBe(4);
    expect(lengthUnits("负责Kubernetes网络")).toBe(5);
  });

  it("tells mainly Chinese lines from English ones with a Chinese word", () => {
    expect(isMostlyCjk("负责Kubernetes网络")).toBe(true);
    expect(isMostlyCjk("Deployed the 支付 service on Kubernetes")).toBe(false);
    expect(isMostlyCjk("1234")).toBe(false);
    expect([countCjk("教育背景 2019"), hasCjk("Go, SQL")]).toEqual([4, false]);
  });
});
