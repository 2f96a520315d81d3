// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { LoginResponse } from "../../../contract/auth";
import type { User } from "../../../contract/user";
import type { ApiRequestError } from "../../lib/api-client";
import { testUser } from "../../testing/test-user";

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

let apiClient: typeof import("../../lib/api-client");
let auth: typeof import("../../lib/auth");
let queryClient: typeof import("../../lib/query-client");
let currentUser: typeof import("./get-current-user");
let loginModule: typeof import("./login");
beforeAll(async () => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  // The files of a worker share loaded modules (isolate: false, docs/architecture.md#tests), and
  // get-current-user imports offline-cache statically: loaded again here, after the mock.
  vi.resetModules();
  apiClient = await import("../../lib/api-client");
  auth = await import("../../lib/auth");
  queryClient = await import("../../lib/query-client");
  currentUser = await import("./get-current-user");
  loginModule = await import("./login");
});
beforeEach(() => {
  localStorage.clear();
  offlineCache.clearOfflineData.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe("the current user query", () => {
  it("keeps the stored copy up to date with the server's answer", async () => {
    auth.storeUser({ ...user, firstName: "Old" });
    const fetchMock = stubFetch(() => Response.json(user));
    expect(
      await queryClient.createQueryClient().fetchQuery(currentUser.currentUserQueryOptions()),
    ).toEqual(user);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/auth/user");
    expect(auth.readStoredUser()?.firstName).toBe("Ana");
  });

  it("answers null and drops the stored copy when the server answers 401", async () => {
    auth.storeUser(user);
    stubFetch(() =>
      Response.json({ message: "Não autenticado", code: "unauthorized" }, { status: 401 }),
    );
    expect(
      await queryClient.createQueryClient().fetchQuery(currentUser.currentUserQueryOptions()),
    ).toBeNull();
    expect(auth.readStoredUser()).toBeNull();
    // docs/product.md#offline: the signed-out user's saved screens go too.
    expect(offlineCache.clearOfflineData).toHaveBeenCalledTimes(1);
  });

  it("fails on anything else, keeping the stored copy", async () => {
    auth.storeUser(user);
    stubFetch(() => new Response("<html>Bad Gateway</html>", { status: 502 }));
    const error = await queryClient
      .createQueryClient()
      .fetchQuery(currentUser.currentUserQueryOptions())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(apiClient.ApiRequestError);
    expect((error as ApiRequestError).status).toBe(502);
    expect(auth.readStoredUser()).toEqual(user);
    expect(offlineCache.clearOfflineData).not.toHaveBeenCalled();
  });

  it("a user the server sent (a profile change) reaches the cache and the stored copy", () => {
    const client = queryClient.createQueryClient();
    client.setQueryData(currentUser.currentUserQueryKey, user);
    currentUser.setCurrentUser(client, { ...user, firstName: "Bia" });
    expect(client.getQueryData<User>(currentUser.currentUserQueryKey)?.firstName).toBe("Bia");
    expect(auth.readStoredUser()?.firstName).toBe("Bia");
  });
});

type LoginProbeProps = {
  onReady: (login: ReturnType<typeof loginModule.useLogin>) => void;
  onSuccess: () => void;
};

function LoginProbe({ onReady, onSuccess }: LoginProbeProps) {
  onReady(loginModule.useLogin({ onSuccess }));
  return null;
}

describe("useLogin", () => {
  it("forgets the previous visitor's data and knows the new user before the screen's callback", async () => {
    const answer: LoginResponse = { token: "bearer-token", user };
    const fetchMock = stubFetch(() => Response.json(answer));
    const client = queryClient.createQueryClient();
    client.setQueryData(["/api/family"], { id: "someone else's" });
    const seen: unknown[] = [];
    let login: ReturnType<typeof loginModule.useLogin> | undefined;
    const container = document.createElement("div");
    const root = createRoot(container);
    act(() =>
      root.render(
        <QueryClientProvider client={client}>
          <LoginProbe
            onReady={(hook) => {
              login = hook;
            }}
            onSuccess={() => seen.push(client.getQueryData(currentUser.currentUserQueryKey))}
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
    expect(client.getQueryData(currentUser.currentUserQueryKey)).toEqual(user);
    expect(seen).toEqual([user]);
    expect(auth.readStoredUser()).toEqual(user);
    expect(localStorage.getItem("user")).not.toContain("bearer-token");
  });
});

function UserProbe({ onRender }: { onRender: (user: User | null) => void }) {
  onRender(currentUser.useCurrentUser().user);
  return null;
}

describe("useCurrentUser", () => {
  async function rendersWhileAsking(answer: User) {
    auth.storeUser(user);
    stubFetch(() => Response.json(answer));
    const client = queryClient.createQueryClient();
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
      await client.getQueryCache().find({ queryKey: currentUser.currentUserQueryKey })?.promise;
      // TanStack Query tells its observers in a task of its own.
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    act(() => root.unmount());
    return { seen, cached: client.getQueryData(currentUser.currentUserQueryKey) };
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
