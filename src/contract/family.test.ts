import { describe, expect, it } from "vitest";
import { joinErrorCodeOf } from "./family";

describe("joinErrorCodeOf", () => {
  it("gives the invite link's feedback for the join's own errors", () => {
    expect(joinErrorCodeOf("invalid_invite_code")).toBe("codigo-invalido");
    expect(joinErrorCodeOf("invite_expired")).toBe("codigo-expirado");
    expect(joinErrorCodeOf("already_in_family")).toBe("ja-tem-familia");
  });

  it("gives none for anything else, which the caller shows in the server's words", () => {
    expect(joinErrorCodeOf("rate_limited")).toBeUndefined();
    expect(joinErrorCodeOf("internal")).toBeUndefined();
    expect(joinErrorCodeOf(undefined)).toBeUndefined();
  });
});
