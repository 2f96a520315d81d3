import { describe, expect, it } from "vitest";
import { displayName } from "./auth";

describe("displayName", () => {
  it("uses the first name when there is one", () => {
    expect(displayName({ firstName: "Ana", email: "ana@example.com" }, "Profile")).toBe("Ana");
  });

  it("falls back to the e-mail when the first name is missing or blank", () => {
    expect(displayName({ firstName: null, email: "ana@example.com" }, "Profile")).toBe(
      "ana@example.com",
    );
    expect(displayName({ firstName: "  ", email: "ana@example.com" }, "Perfil")).toBe(
      "ana@example.com",
    );
  });

  it("falls back to the given Profile label when there is neither", () => {
    expect(displayName({ firstName: null, email: "" }, "Perfil")).toBe("Perfil");
    expect(displayName(null, "Profile")).toBe("Profile");
  });
});
