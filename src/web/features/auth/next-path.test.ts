import { describe, expect, it } from "vitest";
import { joinContinuation, withNext } from "./next-path";

const origin = "http://localhost:3000";

describe("joinContinuation", () => {
  it("turns this app's invite link into its confirmation screen, so a crafted next never joins", () => {
    expect(joinContinuation("/api/family/join/ABCD2345", origin)).toBe("/join/ABCD2345");
    expect(joinContinuation("/api/family/join/ABCD2345?x=1", origin)).toBe("/join/ABCD2345");
  });

  it("accepts the join confirmation screen, so it survives the login", () => {
    expect(joinContinuation("/join/ABCD2345", origin)).toBe("/join/ABCD2345");
    expect(joinContinuation("/join/", origin)).toBeNull();
    expect(joinContinuation("/join/../api/logout", origin)).toBeNull();
    expect(joinContinuation("/joined/ABCD2345", origin)).toBeNull();
  });

  it("rejects a missing or empty value", () => {
    expect(joinContinuation(null, origin)).toBeNull();
    expect(joinContinuation(undefined, origin)).toBeNull();
    expect(joinContinuation("", origin)).toBeNull();
  });

  it("rejects other origins, protocol-relative and absolute addresses", () => {
    expect(joinContinuation("https://evil.example/api/family/join/X", origin)).toBeNull();
    expect(joinContinuation("//evil.example/api/family/join/X", origin)).toBeNull();
    expect(joinContinuation("/\\evil.example/api/family/join/X", origin)).toBeNull();
    expect(joinContinuation("javascript:alert(1)", origin)).toBeNull();
  });

  it("rejects other paths of the app, including ones that climb out of the join path", () => {
    expect(joinContinuation("/", origin)).toBeNull();
    expect(joinContinuation("/api/logout", origin)).toBeNull();
    expect(joinContinuation("/api/family/join/", origin)).toBeNull();
    expect(joinContinuation("/api/family/join/../../logout", origin)).toBeNull();
    expect(joinContinuation("/api/family/joined", origin)).toBeNull();
  });
});

describe("withNext", () => {
  it("keeps a valid continuation in the query string", () => {
    expect(withNext("/register", "/join/ABCD2345", origin)).toBe(
      "/register?next=%2Fjoin%2FABCD2345",
    );
    expect(withNext("/register", "/api/family/join/ABCD2345", origin)).toBe(
      "/register?next=%2Fjoin%2FABCD2345",
    );
  });

  it("drops an invalid one", () => {
    expect(withNext("/login", "https://evil.example/", origin)).toBe("/login");
    expect(withNext("/login", null, origin)).toBe("/login");
  });
});
