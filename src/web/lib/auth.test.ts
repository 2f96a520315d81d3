// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { type User, userSchema } from "../../contract/user";
import { testUser } from "../testing/test-user";
import {
  asUser,
  clearStoredUser,
  displayName,
  probablySignedIn,
  readStoredUser,
  storedUserKey,
  storeUser,
} from "./auth";

const user = testUser;

beforeEach(() => localStorage.clear());

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

describe("the stored user", () => {
  it("round-trips through local storage", () => {
    expect(readStoredUser()).toBeNull();
    storeUser(user);
    expect(readStoredUser()).toEqual(user);
    clearStoredUser();
    expect(readStoredUser()).toBeNull();
    expect(localStorage.getItem(storedUserKey)).toBeNull();
  });

  it("ignores what is not a user (corrupt JSON, another shape)", () => {
    localStorage.setItem(storedUserKey, "{not json");
    expect(readStoredUser()).toBeNull();
    localStorage.setItem(storedUserKey, JSON.stringify({ id: "x", token: "secret" }));
    expect(readStoredUser()).toBeNull();
  });

  it("never holds a token", () => {
    // The login answer carries a token next to the user; only the user's own fields are kept.
    storeUser({ ...user, token: "bearer" } as User);
    expect(localStorage.getItem(storedUserKey)).not.toContain("bearer");
  });
});

describe("asUser", () => {
  // It stands in for the contract's userSchema (the landing page does not load zod): both must
  // take and refuse the same values, and keep the same fields.
  const values: unknown[] = [
    user,
    { ...user, token: "bearer" },
    { ...user, firstName: null, lastName: null, name: null, profileImageUrl: null },
    { ...user, preferredLanguage: "fr" },
    { ...user, emailVerified: "yes" },
    { ...user, budgetAlertEmails: undefined },
    { ...user, email: null },
    { id: "x" },
    null,
    "user",
  ];
  it.each(values.map((value) => [JSON.stringify(value), value]))(
    "agrees with the contract's schema on %s",
    (_, value) => {
      const parsed = userSchema.safeParse(value);
      expect(asUser(value)).toEqual(parsed.success ? parsed.data : undefined);
    },
  );
});

describe("probablySignedIn", () => {
  beforeEach(() => {
    document.body.innerHTML = '<div id="root"></div>';
  });

  it("is true with a stored user, or with the server's session mark on #root", () => {
    expect(probablySignedIn()).toBe(false);
    storeUser(user);
    expect(probablySignedIn()).toBe(true);
    clearStoredUser();
    // The server marks the page of a request with a session cookie (server/http/web-app.ts).
    document.body.innerHTML = '<div id="root" data-session></div>';
    expect(probablySignedIn()).toBe(true);
  });
});
