import { describe, expect, it } from "vitest";
import { resolveRoleAreas } from "./roles";

const rule = (role: string) => resolveRoleAreas(role).rule;

describe("resolveRoleAreas", () => {
  it("maps English role names", () => {
    expect(rule("Backend engineer")).toBe("backend");
    expect(rule("Senior Golang developer")).toBe("backend");
    expect(rule("Full-stack developer")).toBe("fullstack");
    expect(rule("React front-end developer")).toBe("frontend");
    expect(rule("iOS engineer")).toBe("mobile");
    expect(rule("Site Reliability Engineer")).toBe("devops");
    expect(rule("Data analyst")).toBe("data");
    expect(rule("Machine learning engineer")).toBe("ml");
    expect(rule("Product manager")).toBe("product");
    expect(rule("QA automation engineer")).toBe("qa");
    expect(rule("Application security engineer")).toBe("security");
  });

  it("maps Chinese role names", () => {
    expect(rule("后端开发")).toBe("backend");
    expect(rule("Java后端工程师")).toBe("backend");
    expect(rule("前端")).toBe("frontend");
    expect(rule("全栈工程师")).toBe("fullstack");
    expect(rule("大数据开发")).toBe("data");
    expect(rule("算法工程师")).toBe("ml");
    expect(rule("机器学习")).toBe("ml");
    expect(rule("数据科学家")).toBe("ml");
    expect(rule("产品经理")).toBe("product");
    expect(rule("移动端开发")).toBe("mobile");
    expect(rule("运维工程师")).toBe("devops");
    expect(rule("测试开发")).toBe("qa");
  });

  it("prefers the specific word over an ambiguous one", () => {
    expect(rule("web backend developer")).toBe("backend");
    expect(rule("AI product manager")).toBe("product");
    expect(rule("React Native developer")).toBe("mobile");
  });

  it("returns the general area for roles the bank does not know", () => {
    expect(resolveRoleAreas("Pastry chef")).toEqual({ rule: null, primary: ["general"], secondary: [] });
    expect(resolveRoleAreas("会计").rule).toBeNull();
    expect(resolveRoleAreas("   ").rule).toBeNull();
  });
});
