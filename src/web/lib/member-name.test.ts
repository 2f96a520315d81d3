import { describe, expect, it } from "vitest";
import type { FamilyMember } from "../../contract/family";
import { displayNameOf, memberDisplayName, sortMembers } from "./member-name";

const user = (overrides: Partial<FamilyMember["user"]> = {}): FamilyMember["user"] => ({
  id: "3f1c2a7e-9b4d-4c1a-8e2f-5a6b7c8d9e0f",
  email: "ana@example.com",
  name: null,
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  ...overrides,
});

const member = (role: FamilyMember["role"], joinedAt: string, email: string): FamilyMember => ({
  id: "0b6f1a2e-9b4d-4c1a-8e2f-5a6b7c8d9e0f",
  userId: "3f1c2a7e-9b4d-4c1a-8e2f-5a6b7c8d9e0f",
  role,
  joinedAt,
  user: user({ email }),
});

describe("memberDisplayName", () => {
  it("prefers the name, then first and last name, then the e-mail", () => {
    expect(memberDisplayName(user({ name: "Ana Souza", firstName: "Aninha" }))).toBe("Ana Souza");
    expect(memberDisplayName(user({ name: "  ", firstName: "Ana", lastName: "Lima" }))).toBe(
      "Ana Lima",
    );
    expect(memberDisplayName(user({ firstName: "Ana" }))).toBe("Ana");
    expect(memberDisplayName(user())).toBe("ana@example.com");
  });
});

describe("displayNameOf", () => {
  it("is null for a former member known by no name (their e-mail is not shared)", () => {
    expect(displayNameOf({ name: null, firstName: " ", lastName: null, email: null })).toBeNull();
    expect(displayNameOf({ name: null, firstName: null, lastName: "Lima", email: null })).toBe(
      "Lima",
    );
  });
});

describe("sortMembers", () => {
  it("puts the owner first, then members by joining date", () => {
    const sorted = sortMembers([
      member("member", "2026-01-03T00:00:00.000Z", "c@example.com"),
      member("member", "2026-01-02T00:00:00.000Z", "b@example.com"),
      member("owner", "2026-01-01T00:00:00.000Z", "a@example.com"),
    ]);
    expect(sorted.map((m) => m.user.email)).toEqual([
      "a@example.com",
      "b@example.com",
      "c@example.com",
    ]);
  });
});
