// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { User } from "../../contract/user";
import {
  clearStoredUser,
  currentUserQueryFn,
  currentUserQueryKey,
  displayName,
  readStoredUser,
  rememberSignedInUser,
  storedUserKey,
  storeUser,
  updateCurrentUser,
} from "./auth";
import { createQueryClient } from "./query-client";

const user: User = {
  id: "3f1c2a7e-9b4d-4c1a-8e2f-5a6b7c8d9e0f",
  email: "ana@example.com",
  name: "Ana Souza",
  firstName: "Ana",
  lastName: "Souza",
  profileImageUrl: null,
  emailVerified: true,
  preferredLanguage: "pt",
  createdAt: "2025-01-10T12:00:00.000Z",
  updatedAt: "2025-01-10T12:00:00.000Z",
};

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

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
    const client = createQueryClient();
    rememberSignedInUser(client, { ...user, token: "bearer" } as User);
    expect(localStorage.getItem(storedUserKey)).not.toContain("bearer");
  });
});

describe("currentUserQueryFn", () => {
  function run() {
    const context = {
      queryKey: currentUserQueryKey,
      signal: new AbortController().signal,
      meta: undefined,
      client: createQueryClient(),
    } as unknown as Parameters<typeof currentUserQueryFn>[0];
    return currentUserQueryFn(context);
  }

  it("keeps the stored copy up to date with the server's answer", async () => {
    storeUser({ ...user, firstName: "Old" });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json(user)),
    );
    expect(await run()).toEqual(user);
    expect(readStoredUser()?.firstName).toBe("Ana");
  });

  it("drops the stored copy when the server answers 401", async () => {
    storeUser(user);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ message: "no" }, { status: 401 })),
    );
    expect(await run()).toBeNull();
    expect(readStoredUser()).toBeNull();
  });
});

describe("after login and profile changes", () => {
  it("login forgets the previous visitor's data and knows the new user at once", () => {
    const client = createQueryClient();
    client.setQueryData(["/api/family"], { id: "someone else's" });
    rememberSignedInUser(client, user);
    expect(client.getQueryData(["/api/family"])).toBeUndefined();
    expect(client.getQueryData(currentUserQueryKey)).toEqual(user);
    expect(readStoredUser()).toEqual(user);
  });

  it("a profile update reaches the query cache and the stored copy", () => {
    const client = createQueryClient();
    client.setQueryData(currentUserQueryKey, user);
    updateCurrentUser(client, { ...user, firstName: "Bia" });
    expect(client.getQueryData<User>(currentUserQueryKey)?.firstName).toBe("Bia");
    expect(readStoredUser()?.firstName).toBe("Bia");
  });
});
