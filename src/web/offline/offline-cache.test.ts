import {
  type DehydratedState,
  dehydrate,
  onlineManager,
  type QueryClient,
  type QueryKey,
} from "@tanstack/react-query";
import type { PersistedClient } from "@tanstack/react-query-persist-client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../lib/query-client";
import {
  createOfflinePersister,
  isOfflineQuery,
  OFFLINE_MAX_AGE_MS,
  type OfflineStorage,
  offlineSnapshot,
  startOfflineCache,
} from "./offline-cache";

const ana = { id: "user-ana", email: "ana@example.org" };
const bruno = { id: "user-bruno", email: "bruno@example.org" };

function memoryStorage(): OfflineStorage & { entries: Map<string, PersistedClient> } {
  const entries = new Map<string, PersistedClient>();
  return {
    entries,
    get: async (key) => entries.get(key),
    set: async (key, value) => void entries.set(key, value),
    del: async (key) => void entries.delete(key),
    clear: async () => entries.clear(),
  };
}

function stateOf(client: QueryClient): DehydratedState {
  return dehydrate(client, { shouldDehydrateQuery: () => true });
}

const hashes = (state: DehydratedState | undefined) =>
  (state?.queries ?? []).map((query) => query.queryHash).sort();

/** A client holding the screens' reads, other reads, and `user` as the current user. */
function clientWith(user: { id: string } | null) {
  const client = createQueryClient();
  const keys: QueryKey[] = [
    ["/api/family"],
    ["/api/categories"],
    ["/api/summary", { year: 2026, month: 11 }],
    ["/api/summary", "trend", { year: 2026, month: 11 }],
    ["/api/notifications", "unread-count"],
    ["/api/recurring"],
    ["/api/expenses", "page", { search: "pão" }],
  ];
  client.setQueryData(["/api/auth/user"], user);
  for (const key of keys) client.setQueryData(key, { from: JSON.stringify(key) });
  client.setQueryData(["/api/expenses", "page", {}], {
    pages: [{ items: [1] }, { items: [2] }],
    pageParams: [null, "cursor-2"],
  });
  return client;
}

describe("isOfflineQuery", () => {
  it("keeps the screens' reads and nothing else", () => {
    expect(isOfflineQuery(["/api/auth/user"])).toBe(true);
    expect(isOfflineQuery(["/api/family"])).toBe(true);
    expect(isOfflineQuery(["/api/categories"])).toBe(true);
    // 'Pago com' in the quick add opened offline (docs/product.md#payment-methods).
    expect(isOfflineQuery(["/api/payment-methods"])).toBe(true);
    // Who paid: the expense form's 'Pago por' and the payers' names (api/family/get-family-people.ts).
    expect(isOfflineQuery(["/api/family/members", "people"])).toBe(true);
    expect(isOfflineQuery(["/api/summary", { year: 2026, month: 1 }])).toBe(true);
    expect(isOfflineQuery(["/api/expenses", "page", {}])).toBe(true);

    expect(isOfflineQuery(["/api/summary", "trend", { year: 2026, month: 1 }])).toBe(false);
    expect(isOfflineQuery(["/api/expenses", "page", { search: "x" }])).toBe(false);
    expect(isOfflineQuery(["/api/notifications", "unread-count"])).toBe(false);
    expect(isOfflineQuery(["/api/recurring", "due", 2026, 1])).toBe(false);
    expect(isOfflineQuery(["/api/family", "members"])).toBe(false);
    expect(isOfflineQuery(["/api/family/members"])).toBe(false);
    expect(isOfflineQuery(["/api/family/invite", "ABC"])).toBe(false);
  });
});

describe("offlineSnapshot", () => {
  it("keeps the screens' reads, the list's first page only, and no mutation", () => {
    const snapshot = offlineSnapshot(undefined, stateOf(clientWith(ana)), Date.now());
    expect(hashes(snapshot)).toEqual([
      '["/api/auth/user"]',
      '["/api/categories"]',
      '["/api/expenses","page",{}]',
      '["/api/family"]',
      '["/api/summary",{"month":11,"year":2026}]',
    ]);
    const list = snapshot.queries.find((query) => query.queryHash.includes("page"));
    expect(list?.state.data).toEqual({ pages: [{ items: [1] }], pageParams: [null] });
    expect(snapshot.mutations).toEqual([]);
  });

  it("keeps what was saved before and is no longer in memory, the newer copy winning, until it is too old", () => {
    const now = Date.now();
    const previous = offlineSnapshot(undefined, stateOf(clientWith(ana)), now);
    const oldMonth = {
      ...previous.queries[0],
      queryHash: '["/api/summary",{"month":1,"year":2020}]',
      queryKey: ["/api/summary", { month: 1, year: 2020 }],
      state: { ...previous.queries[0]?.state, dataUpdatedAt: now - OFFLINE_MAX_AGE_MS - 1 },
    } as DehydratedState["queries"][number];
    const later = createQueryClient();
    later.setQueryData(["/api/auth/user"], ana);
    later.setQueryData(["/api/categories"], ["new"]);
    const merged = offlineSnapshot(
      { ...previous, queries: [...previous.queries, oldMonth] },
      stateOf(later),
      now,
    );
    expect(hashes(merged)).toEqual(hashes(previous));
    expect(merged.queries.find((q) => q.queryHash === '["/api/categories"]')?.state.data).toEqual([
      "new",
    ]);
  });
});

describe("the persister", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const persisted = (client: QueryClient): PersistedClient => ({
    buster: "build-1",
    timestamp: Date.now(),
    clientState: stateOf(client),
  });

  it("writes under the signed-in user's id, and nothing without a signed-in user", async () => {
    const storage = memoryStorage();
    const persister = createOfflinePersister(storage, () => undefined);
    persister.persistClient(persisted(clientWith(null)));
    await persister.flush();
    expect([...storage.entries.keys()]).toEqual([]);

    persister.persistClient(persisted(clientWith(ana)));
    await vi.runAllTimersAsync();
    expect([...storage.entries.keys()]).toEqual(["user-ana"]);
    persister.persistClient(persisted(clientWith(bruno)));
    await persister.flush();
    expect([...storage.entries.keys()].sort()).toEqual(["user-ana", "user-bruno"]);
  });

  it("restores only the stored user's own entry", async () => {
    const storage = memoryStorage();
    storage.entries.set("user-ana", persisted(clientWith(ana)));
    // An entry under Bruno's key that holds Ana's data is never handed to Bruno.
    storage.entries.set("user-bruno", persisted(clientWith(ana)));
    expect(await createOfflinePersister(storage, () => undefined).restoreClient()).toBeUndefined();
    const restored = await createOfflinePersister(storage, () => "user-ana").restoreClient();
    expect(restored?.clientState.queries.length).toBeGreaterThan(0);
    expect(
      await createOfflinePersister(storage, () => "user-bruno").restoreClient(),
    ).toBeUndefined();
  });

  it("writes nothing more once forgotten with stop (logout), even what was waiting", async () => {
    const storage = memoryStorage();
    const persister = createOfflinePersister(storage, () => "user-ana");
    persister.persistClient(persisted(clientWith(ana)));
    persister.forget({ stop: true });
    persister.persistClient(persisted(clientWith(ana)));
    await vi.runAllTimersAsync();
    expect(storage.entries.size).toBe(0);
  });
});

describe("startOfflineCache", () => {
  // The save it schedules after the restore never runs here: only the restore is looked at.
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("restores the stored user's screens as stale, and drops another build's", async () => {
    const storage = memoryStorage();
    const saved = offlineSnapshot(undefined, stateOf(clientWith(ana)), Date.now());
    storage.entries.set("user-ana", {
      buster: "build-1",
      timestamp: Date.now(),
      clientState: saved,
    });

    const client = createQueryClient();
    client.setQueryData(["/api/auth/user"], ana);
    const stop = await startOfflineCache({
      queryClient: client,
      buildId: "build-1",
      storedUserId: () => "user-ana",
      storage,
    });
    stop();
    expect(client.getQueryData(["/api/categories"])).toEqual({ from: '["/api/categories"]' });
    expect(client.getQueryState(["/api/categories"])?.isInvalidated).toBe(true);
    expect(client.getQueryData(["/api/notifications", "unread-count"])).toBeUndefined();

    const next = createQueryClient();
    next.setQueryData(["/api/auth/user"], ana);
    (
      await startOfflineCache({
        queryClient: next,
        buildId: "build-2",
        storedUserId: () => "user-ana",
        storage,
      })
    )();
    expect(next.getQueryData(["/api/categories"])).toBeUndefined();
    expect(storage.entries.has("user-ana")).toBe(false);
  });

  const savedFor = (storage: ReturnType<typeof memoryStorage>, savedAt = Date.now()) => {
    for (const user of [ana, bruno]) {
      storage.entries.set(user.id, {
        buster: "build-1",
        timestamp: savedAt,
        clientState: offlineSnapshot(undefined, stateOf(clientWith(user)), savedAt),
      });
    }
  };
  const start = (client: QueryClient, storage: OfflineStorage) =>
    startOfflineCache({
      queryClient: client,
      buildId: "build-1",
      storedUserId: () => "user-ana",
      storage,
    });
  /** The current user's call, answered when the test says. */
  const userCall = (client: QueryClient) => {
    let answer: (user: typeof ana | null) => void = () => undefined;
    let fail: (error: Error) => void = () => undefined;
    void client
      .fetchQuery({
        queryKey: ["/api/auth/user"],
        queryFn: () =>
          new Promise<typeof ana | null>((resolve, reject) => {
            answer = resolve;
            fail = reject;
          }),
      })
      .catch(() => undefined);
    return { answer: (user: typeof ana | null) => answer(user), fail: (e: Error) => fail(e) };
  };

  it("shows nothing saved while the current user's call is on its way, and deletes it all on a 401", async () => {
    const storage = memoryStorage();
    savedFor(storage);
    const client = createQueryClient();
    const call = userCall(client);
    let started = false;
    const starting = start(client, storage).then((stop) => {
      started = true;
      return stop;
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(started).toBe(false);
    expect(client.getQueryData(["/api/family"])).toBeUndefined();

    call.answer(null);
    (await starting)();
    expect(client.getQueryData(["/api/family"])).toBeUndefined();
    expect(client.getQueryData(["/api/categories"])).toBeUndefined();
    // Every user's entry goes: the device is signed out.
    expect(storage.entries.size).toBe(0);
  });

  it("restores once the server says the user is signed in, or does not answer", async () => {
    for (const outcome of ["signed in", "no answer"] as const) {
      const storage = memoryStorage();
      savedFor(storage);
      const client = createQueryClient();
      const call = userCall(client);
      const starting = start(client, storage);
      await vi.advanceTimersByTimeAsync(100);
      if (outcome === "signed in") call.answer(ana);
      else call.fail(new Error("Failed to fetch"));
      (await starting)();
      expect(client.getQueryData(["/api/family"]), outcome).toEqual({ from: '["/api/family"]' });
      expect(storage.entries.has("user-ana")).toBe(true);
    }
  });

  it("restores at once on a device the browser knows to be offline", async () => {
    const storage = memoryStorage();
    savedFor(storage);
    const client = createQueryClient();
    onlineManager.setOnline(false);
    try {
      userCall(client);
      (await start(client, storage))();
    } finally {
      onlineManager.setOnline(true);
    }
    expect(client.getQueryData(["/api/family"])).toEqual({ from: '["/api/family"]' });
  });

  it("drops a copy saved more than 7 days ago", async () => {
    expect(OFFLINE_MAX_AGE_MS).toBe(7 * 24 * 60 * 60 * 1000);
    const storage = memoryStorage();
    savedFor(storage, Date.now() - 8 * 24 * 60 * 60 * 1000);
    const client = createQueryClient();
    client.setQueryData(["/api/auth/user"], ana);
    (await start(client, storage))();
    expect(client.getQueryData(["/api/family"])).toBeUndefined();
    expect(storage.entries.has("user-ana")).toBe(false);
  });
});
