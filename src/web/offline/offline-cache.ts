import {
  type DehydratedState,
  dehydrate,
  hydrate,
  onlineManager,
  type QueryClient,
  type QueryKey,
} from "@tanstack/react-query";
import type { PersistedClient, Persister } from "@tanstack/react-query-persist-client";
import { clear, createStore, del, get, set } from "idb-keyval";
import { queryKeys } from "../lib/query-keys";

/**
 * The last loaded screens, kept in IndexedDB so the installed app opens offline
 * (docs/product.md#offline, docs/internals/web.md#the-service-worker-and-offline-data). Only the screens' own reads are
 * kept, one entry per signed-in user (keyed by the user's id), dropped after 7 days, by a new
 * build, by logout and by a 401 on the current user. The service worker keeps no /api answer.
 * A week, not longer: a lost or handed-on phone keeps a family's money on its disk that long at
 * most, and a week covers the offline stretches the copy is for (a trip, a weekend away).
 */
export const OFFLINE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Writes are gathered: a screen's calls answer within a moment of each other. */
const SAVE_DELAY_MS = 500;

type DehydratedQuery = DehydratedState["queries"][number];

/** Where the persisted screens live; a Map in the tests, IndexedDB in the browser. */
export type OfflineStorage = {
  get(key: string): Promise<PersistedClient | undefined>;
  set(key: string, value: PersistedClient): Promise<void>;
  del(key: string): Promise<void>;
  clear(): Promise<void>;
};

/** Its own database, so clearing it never touches another part of the app's IndexedDB data. */
function indexedDbStorage(): OfflineStorage {
  const store = createStore("family-budget-offline", "query-cache");
  return {
    get: (key) => get<PersistedClient>(key, store),
    set: (key, value) => set(key, value, store),
    del: (key) => del(key, store),
    clear: () => clear(store),
  };
}

const unfilteredFirstPage = JSON.stringify([...queryKeys.expenses, "page", {}]);

/**
 * The reads of the screens that open offline: the current user, the family, its people (who paid,
 * by name: the lists and the expense form's 'Pago por'), the categories, the payment methods
 * ('Pago com', docs/product.md#payment-methods), the month summaries
 * (dashboard, reports' table) and the Expenses screen's unfiltered first page. Not the
 * notifications, the recurring rules, the trend or a filtered list.
 */
export function isOfflineQuery(queryKey: QueryKey): boolean {
  const [path, second] = queryKey;
  switch (path) {
    case queryKeys.currentUser[0]:
    case queryKeys.family[0]:
    case queryKeys.categories[0]:
    case queryKeys.paymentMethods[0]:
      return queryKey.length === 1;
    case queryKeys.summary[0]:
      return queryKey.length === 2 && typeof second === "object" && second !== null;
    case queryKeys.familyMembers[0]:
      return queryKey.length === 2 && second === "people";
    case queryKeys.expenses[0]:
      return JSON.stringify(queryKey) === unfilteredFirstPage;
    default:
      return false;
  }
}

const currentUserHash = JSON.stringify(queryKeys.currentUser);

/**
 * What the server said about the current user, once it said it: signed in, signed out (a 401),
 * or no answer (offline, unreachable, a 5xx). Whoever asks (start-calls.ts, the app's frame, a
 * sign-in) is waited for; a device the browser knows to be offline is not kept waiting.
 */
function currentUserVerdict(
  queryClient: QueryClient,
): Promise<"signed-in" | "signed-out" | "no-answer"> {
  return new Promise((resolve) => {
    const cache = queryClient.getQueryCache();
    const settled = () => {
      if (!onlineManager.isOnline()) return "no-answer";
      const state = cache.get(currentUserHash)?.state;
      if (!state) return undefined;
      if (state.fetchStatus === "paused") return "no-answer";
      if (state.fetchStatus !== "idle") return undefined;
      if (state.status === "error") return "no-answer";
      if (state.status !== "success") return undefined;
      return state.data ? "signed-in" : "signed-out";
    };
    const now = settled();
    if (now) return resolve(now);
    const stop = cache.subscribe(() => {
      const verdict = settled();
      if (!verdict) return;
      stop();
      resolve(verdict);
    });
  });
}

/** Whose screens these are: the id of the current user in the state, if one is signed in. */
export function userIdOf(state: DehydratedState): string | undefined {
  const data = state.queries.find((query) => query.queryHash === currentUserHash)?.state.data;
  if (typeof data !== "object" || data === null || !("id" in data)) return undefined;
  return typeof data.id === "string" ? data.id : undefined;
}

/** The Expenses screen's list keeps only its first page (what the screen shows on opening). */
function firstPageOnly(query: DehydratedQuery): DehydratedQuery {
  const data = query.state.data as { pages?: unknown[]; pageParams?: unknown[] } | undefined;
  if (!data?.pages || data.pages.length <= 1) return query;
  return {
    ...query,
    state: {
      ...query.state,
      data: { pages: data.pages.slice(0, 1), pageParams: (data.pageParams ?? []).slice(0, 1) },
    },
  };
}

/**
 * What is saved: the screens' reads now in memory, and those saved before that memory no longer
 * holds (a screen left more than gcTime ago still opens offline), each kept for OFFLINE_MAX_AGE_MS
 * from its own answer. No mutation is saved.
 */
export function offlineSnapshot(
  previous: DehydratedState | undefined,
  current: DehydratedState,
  now: number,
): DehydratedState {
  const byHash = new Map<string, DehydratedQuery>();
  for (const query of [...(previous?.queries ?? []), ...current.queries]) {
    if (!isOfflineQuery(query.queryKey)) continue;
    if (now - query.state.dataUpdatedAt > OFFLINE_MAX_AGE_MS) continue;
    byHash.set(query.queryHash, firstPageOnly(query));
  }
  return { mutations: [], queries: [...byHash.values()] };
}

type OfflinePersister = Persister & {
  /** Writes what is waiting now (the page is being hidden). */
  flush(): Promise<void>;
  /** Drops what is waiting and what it remembers saving; `stop` also ends the saving (logout). */
  forget(options: { stop: boolean }): void;
};

/**
 * A persister keyed by the user in the saved state itself: a state without a signed-in user is
 * never written, and what is read back is the stored user's entry only if it is that user's.
 */
export function createOfflinePersister(
  storage: OfflineStorage,
  storedUserId: () => string | undefined,
): OfflinePersister {
  let saved: { userId: string; state: DehydratedState } | undefined;
  let waiting: PersistedClient | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const write = async () => {
    timer = undefined;
    const client = waiting;
    waiting = undefined;
    if (!client || stopped) return;
    const userId = userIdOf(client.clientState);
    if (!userId) return;
    const previous = saved?.userId === userId ? saved.state : undefined;
    const state = offlineSnapshot(previous, client.clientState, Date.now());
    saved = { userId, state };
    await storage.set(userId, { ...client, clientState: state });
  };

  return {
    persistClient(client) {
      if (stopped) return;
      waiting = client;
      timer ??= setTimeout(() => void write().catch(() => undefined), SAVE_DELAY_MS);
    },
    async restoreClient() {
      const userId = storedUserId();
      if (!userId) return undefined;
      const client = await storage.get(userId);
      if (!client || userIdOf(client.clientState) !== userId) return undefined;
      saved = { userId, state: client.clientState };
      return client;
    },
    async removeClient() {
      const userId = storedUserId();
      saved = undefined;
      if (userId) await storage.del(userId);
    },
    async flush() {
      if (timer) clearTimeout(timer);
      await write();
    },
    forget({ stop }) {
      if (stop) stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      waiting = undefined;
      saved = undefined;
    },
  };
}

let active: { persister: OfflinePersister; storage: OfflineStorage } | undefined;

/**
 * Restores the signed-in user's saved screens into `queryClient` and saves them from now on.
 * Online, nothing is restored before the server has answered for the current user: a device
 * whose session was ended elsewhere (a 401) gets its saved screens deleted before any of them is
 * shown (docs/product.md#offline). Offline, or without an answer, they are restored at once.
 * TanStack's persistQueryClient* functions are not used: @tanstack/react-query-persist-client
 * brings a query-core of its own version (5.104 against the app's 5.108), and hydrating with one
 * core into the other's client, plus a second core in the bundle, is not worth two short loops.
 * Its PersistedClient format and Persister contract are kept.
 *
 * Restored reads are marked stale (without a call): the app's queries never go stale by
 * themselves (lib/query-client.ts), and a saved read must not pass for a fresh one once online.
 * Calls made meanwhile (start-calls.ts) win over the restored data, being newer (hydrate keeps
 * the newer of the two).
 */
export async function startOfflineCache({
  queryClient,
  buildId,
  storedUserId,
  storage = indexedDbStorage(),
}: {
  queryClient: QueryClient;
  buildId: string;
  /** The user stored for the first paint (lib/auth.ts): whose saved screens to restore. */
  storedUserId: () => string | undefined;
  storage?: OfflineStorage;
}) {
  const persister = createOfflinePersister(storage, storedUserId);
  active = { persister, storage };
  try {
    const verdict = await currentUserVerdict(queryClient);
    // Every user's entry: whoever saved them is signed out on this device now.
    if (verdict === "signed-out") await storage.clear();
    const client = verdict === "signed-out" ? undefined : await persister.restoreClient();
    if (client) {
      if (client.buster !== buildId || Date.now() - client.timestamp > OFFLINE_MAX_AGE_MS) {
        await persister.removeClient();
      } else {
        hydrate(queryClient, client.clientState);
        const restoredAt = new Map(
          client.clientState.queries.map((query) => [query.queryHash, query.state.dataUpdatedAt]),
        );
        void queryClient.invalidateQueries({
          predicate: (query) => restoredAt.get(query.queryHash) === query.state.dataUpdatedAt,
          refetchType: "none",
        });
      }
    }
  } catch {
    // An unreadable entry: the app starts without it (and overwrites it at the next save).
  }
  const save = () => {
    void persister.persistClient({
      buster: buildId,
      timestamp: Date.now(),
      clientState: dehydrate(queryClient, {
        shouldDehydrateQuery: (query) =>
          query.state.status === "success" && isOfflineQuery(query.queryKey),
        shouldDehydrateMutation: () => false,
      }),
    });
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === "added" || event.type === "removed" || event.type === "updated") save();
  });
  // The calls answered while the restore ran are saved too, without waiting for the next change.
  save();
  // What is still gathering is written when the page is hidden or left (a full navigation).
  if (typeof window !== "undefined") {
    const flush = () => void persister.flush().catch(() => undefined);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") flush();
    });
    window.addEventListener("pagehide", flush);
  }
  return unsubscribe;
}

const precachePrefix = "workbox-precache";

/**
 * Logout and a 401 on the current user (docs/product.md#offline): every saved screen of every user
 * on this device goes, and every Cache Storage entry but the service worker's precache, which
 * holds only the app's public files (the same for everyone) and lets the next person open the app.
 * `stop` (logout) also ends the saving, so nothing of the leaving user is written afterwards.
 */
export async function clearOfflineData({ stop = false }: { stop?: boolean } = {}) {
  active?.persister.forget({ stop });
  const tasks: Promise<unknown>[] = [];
  const storage =
    active?.storage ?? (typeof indexedDB === "undefined" ? undefined : indexedDbStorage());
  if (storage) tasks.push(storage.clear());
  if (typeof caches !== "undefined") {
    tasks.push(
      caches
        .keys()
        .then((names) =>
          Promise.all(
            names.filter((name) => !name.startsWith(precachePrefix)).map((n) => caches.delete(n)),
          ),
        ),
    );
  }
  await Promise.allSettled(tasks);
}
