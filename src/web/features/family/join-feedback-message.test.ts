import { describe, expect, it } from "vitest";
import { joinFeedbackOf, withoutJoinFeedback } from "./join-feedback-message";

describe("joinFeedbackOf", () => {
  it("recognises the success redirect", () => {
    expect(joinFeedbackOf("?success=familia-ingressada")).toEqual({ kind: "success" });
  });

  it.each([
    ["codigo-invalido", "family.joinFeedback.errors.codigo-invalido"],
    ["codigo-expirado", "family.joinFeedback.errors.codigo-expirado"],
    ["ja-tem-familia", "family.joinFeedback.errors.ja-tem-familia"],
    ["erro-interno", "family.joinFeedback.errors.erro-interno"],
    ["something-else", "family.joinFeedback.errors.other"],
    ["", "family.joinFeedback.errors.other"],
  ])("maps error=%s to its message", (code, messageKey) => {
    expect(joinFeedbackOf(`?error=${code}`)).toEqual({ kind: "error", messageKey });
  });

  it("ignores addresses without join feedback", () => {
    expect(joinFeedbackOf("")).toEqual({ kind: "none" });
    expect(joinFeedbackOf("?month=3")).toEqual({ kind: "none" });
    expect(joinFeedbackOf("?success=other")).toEqual({ kind: "none" });
  });
});

describe("withoutJoinFeedback", () => {
  it("drops only the feedback parameters", () => {
    expect(withoutJoinFeedback("/", "?success=familia-ingressada", "")).toBe("/");
    expect(withoutJoinFeedback("/", "?error=codigo-invalido&month=3", "#top")).toBe(
      "/?month=3#top",
    );
  });
});
