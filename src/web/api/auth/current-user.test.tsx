// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { LoginResponse } from "../../../contract/auth";
import type { User } from "../../../contract/user";
import { ApiRequestError } from "../../lib/api-client";
import { readStoredUser, storeUser } from "../../lib/auth";
import { createQueryClient } from "../../lib/query-client";
import { testUser } from "../../testing/test-user";
import {
  currentUserQueryKey,
  currentUserQueryOptions,
  setCurrentUser,
  useCurrentUser,
} from "./get-current-user";
import { useLogin } from "./login";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

// The screens saved for offline use (IndexedDB, which jsdom lacks): only whether they are cleared.
const offlineCache = vi.hoisted(() => ({ clearOfflineData: vi.fn(async () => {}) }));
vi.mock("../../offline/offline-cache", () => offlineCache);

const user = testUser;

function stubFetch(response: () => Response) {
  const fetchMock = vi.fn<typeof fetch>(async () => response());
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});
beforeEach(() => {
  localStorage.clear();
  offlineCache.clearOfflineData.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe("the current user query", () => {
  it("keeps the stored copy up to date with the server's answer", async () => {
    storeUser({ ...user, firstName: "Old" });
    const fetchMock = stubFetch(() => Response.json(user));
    expect(await createQueryClient().fetchQuery(currentUserQueryOptions())).toEqual(user);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/auth/user");
    expect(readStoredUser()?.firstName).toBe("Ana");
  });

  it("answers null and drops the stored copy when the server answers 401", async () => {
    storeUser(user);
    stubFetch(() =>
      Response.json({ message: "Não autenticado", code: "unauthorized" }, { status: 401 }),
    );
    expect(await createQueryClient().fetchQuery(currentUserQueryOptions())).toBeNull();
    expect(readStoredUser()).toBeNull();
    // docs/product.md#offline: the signed-out user's saved screens go too.
    expect(offlineCache.clearOfflineData).toHaveBeenCalledTimes(1);
  });

  it("fails on anything else, keeping the stored copy", async () => {
    storeUser(user);
    stubFetch(() => new Response("<html>Bad Gateway</html>", { status: 502 }));
    const error = await createQueryClient()
      .fetchQuery(currentUserQueryOptions())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(502);
    expect(readStoredUser()).toEqual(user);
    expect(offlineCache.clearOfflineData).not.toHaveBeenCalled();
  });

  it("a user the server sent (a profile change) reaches the cache and the stored copy", () => {
    const client = createQueryClient();
    client.setQueryData(currentUserQueryKey, user);
    setCurrentUser(client, { ...user, firstName: "Bia" });
    expect(client.getQueryData<User>(currentUserQueryKey)?.firstName).toBe("Bia");
    expect(readStoredUser()?.firstName).toBe("Bia");
  });
});

type LoginProbeProps = {
  onReady: (login: ReturnType<typeof useLogin>) => void;
  onSuccess: () => void;
};

function LoginProbe({ onReady, onSuccess }: LoginProbeProps) {
  onReady(useLogin({ onSuccess }));
  return null;
}

describe("useLogin", () => {
  it("forgets the previous visitor's data and knows the new user before the screen's callback", async () => {
    const answer: LoginResponse = { token: "bearer-token", user };
    const fetchMock = stubFetch(() => Response.json(answer));
    const client = createQueryClient();
    client.setQueryData(["/api/family"], { id: "someone else's" });
    const seen: unknown[] = [];
    let login: ReturnType<typeof useLogin> | undefined;
    const container = document.createElement("div");
    const root = createRoot(container);
    act(() =>
      root.render(
        <QueryClientProvider client={client}>
          <LoginProbe
            onReady={(hook) => {
              login = hook;
            }}
            onSuccess={() => seen.push(client.getQueryData(currentUserQueryKey))}
          />
        </QueryClientProvider>,
      ),
    );
    await act(async () => {
      await login?.mutateAsync({ email: "ana@example.com", password: "secret123" });
    });
    act(() => root.unmount());

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/auth/login");
    expect(init?.method).toBe("POST");
    expect(client.getQueryData(["/api/family"])).toBeUndefined();
    expect(client.getQueryData(currentUserQueryKey)).toEqual(user);
    expect(seen).toEqual([user]);
    expect(readStoredUser()).toEqual(user);
    expect(localStorage.getItem("user")).not.toContain("bearer-token");
  });
});

function UserProbe({ onRender }: { onRender: (user: User | null) => void }) {
  onRender(useCurrentUser().user);
  return null;
}

describe("useCurrentUser", () => {
  async function rendersWhileAsking(answer: User) {
    storeUser(user);
    stubFetch(() => Response.json(answer));
    const client = createQueryClient();
    const seen: (User | null)[] = [];
    const container = document.createElement("div");
    const root = createRoot(container);
    await act(async () => {
      root.render(
        <QueryClientProvider client={client}>
          <UserProbe onRender={(shown) => seen.push(shown)} />
        </QueryClientProvider>,
      );
    });
    await act(async () => {
      await client.getQueryCache().find({ queryKey: currentUserQueryKey })?.promise;
      // TanStack Query tells its observers in a task of its own.
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    act(() => root.unmount());
    return { seen, cached: client.getQueryData(currentUserQueryKey) };
  }

  it("shows the stored user at once and does not render again when the server agrees", async () => {
    const { seen, cached } = await rendersWhileAsking({ ...user });
    expect(seen).toEqual([user]);
    expect(cached).toEqual(user);
  });

  it("renders the server's user when it differs from the stored copy", async () => {
    const { seen } = await rendersWhileAsking({ ...user, firstName: "Bia" });
    expect(seen.map((shown) => shown?.firstName)).toEqual(["Ana", "Bia"]);
  });
});
