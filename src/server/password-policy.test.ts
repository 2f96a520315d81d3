import { dictionary } from "@zxcvbn-ts/language-common";
import { describe, expect, it } from "vitest";
import { acceptablePasswordSchema, isCommonPassword } from "./password-policy";

describe("isCommonPassword", () => {
  const ranked = dictionary["passwords-common"];

  it("refuses exactly the 10,000 most common passwords of the list", () => {
    expect(ranked.length).toBeGreaterThan(10_000);
    expect(isCommonPassword(ranked[0] ?? "")).toBe(true); // "123456"
    expect(isCommonPassword(ranked[9_999] ?? "")).toBe(true);
    expect(isCommonPassword(ranked[10_000] ?? "")).toBe(false);
    expect(isCommonPassword("correct horse battery")).toBe(false);
  });

  it("compares lower-cased", () => {
    expect(isCommonPassword("PassWord")).toBe(true);
    expect(isCommonPassword("ILOVEYOU")).toBe(true);
  });
});

describe("acceptablePasswordSchema", () => {
  const issues = (password: string) =>
    acceptablePasswordSchema.safeParse(password).error?.issues.map((issue) => issue.message) ?? [];

  it("keeps the length rule and adds the common-password rule, one error at a time", () => {
    expect(issues("12345")).toEqual(["validation.passwordMin"]);
    expect(issues("x".repeat(129))).toEqual(["validation.passwordMax"]);
    expect(issues("qwerty123")).toEqual(["validation.passwordCommon"]);
    expect(issues("x".repeat(128))).toEqual([]);
    expect(issues("kiwi-pear")).toEqual([]);
  });
});
