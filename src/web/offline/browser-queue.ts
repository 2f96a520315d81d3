import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import i18n from "i18next";
import { createStore, get, update, values } from "idb-keyval";
import { useEffect } from "react";
import type { CreateExpenseInput } from "../../contract/expenses";
import { newIdempotencyKey } from "../lib/idempotency-key";
import { queryKeys } from "../lib/query-keys";
import { toast } from "../lib/use-toast";
import {
  enqueue,
  fixEntry,
  flushQueue,
  listEntries,
  type QueueEntry,
  type QueueLock,
  type QueueStorage,
  removeEntry,
  type SendExpense,
} from "./queue";
import {
  publishQueueSnapshot,
  queueSnapshot,
  type ShownQueueEntry,
  useQueueSnapshot,
} from "./queue-snapshot";

/**
 * The queue of queue.ts in the browser: IndexedDB (its own database, apart from the persisted
 * screens), Web Locks for one sender across tabs, a BroadcastChannel so every open tab shows the
 * same entries, and a snapshot per user for React (queue-snapshot.ts).
 */

/** While entries wait, the sender looks for due ones this often (each entry keeps its backoff). */
const SENDER_TICK_MS = 5_000;

const idbStore = typeof indexedDB === "undefined" ? undefined : createStore("offline-queue", "v1");

const idbStorage: QueueStorage = {
  get: (key) => get<QueueEntry[]>(key, idbStore),
  update: (key, updater) => update<QueueEntry[]>(key, (old) => updater(old), idbStore),
};

// Without Web Locks (a plain-http address on the home network is not a secure context), one sender
// per tab; two tabs may then both send an entry, which its Idempotency-Key makes harmless.
const heldInThisTab = new Set<string>();
const browserLock: QueueLock = async (name, task) => {
  if (typeof navigator !== "undefined" && navigator.locks) {
    return navigator.locks.request(name, { ifAvailable: true }, async (lock) => {
      if (!lock) return false;
      await task();
      return true;
    });
  }
  if (heldInThisTab.has(name)) return false;
  heldInThisTab.add(name);
  try {
    await task();
    return true;
  } finally {
    heldInThisTab.delete(name);
  }
};

const channel =
  typeof BroadcastChannel === "undefined" ? undefined : new BroadcastChannel("offline-queue");

// Without IndexedDB (some private windows) the queue is simply empty: the form then shows the
// network error as before (expense-form.tsx), and nothing here throws into the console.
const ignore = () => undefined;

/**
 * Per user, while this tab sends: the entries saved meanwhile. Each is marked with the time the
 * server's answer came (`savedAt`, set as it comes: a read the save set off, such as the live
 * updates' refresh, can be answered before the entry is out of IndexedDB, and it already holds the
 * expense). Once removed, they stay shown as 'Enviando…' until the lists and totals that now hold
 * them have been asked for again (sendQueued): otherwise the dashboard's total, which counts
 * pending entries (features/dashboard/pending.ts leaves out one its figures were answered after),
 * dropped by their amount for as long as the refetch took, and the Expenses screen lost them from
 * both lists.
 */
const savedAwaitingRefresh = new Map<string, ShownQueueEntry[]>();

async function refresh(userId: string) {
  const entries = await listEntries(idbStorage, userId);
  const saved = savedAwaitingRefresh.get(userId);
  if (!saved) return publishQueueSnapshot(userId, entries);
  const shown = new Map((queueSnapshot(userId) ?? []).map((entry) => [entry.id, entry]));
  const kept = new Set([...entries, ...saved].map((entry) => entry.id));
  for (const entry of shown.values()) {
    if (kept.has(entry.id)) continue;
    saved.push({ ...entry, status: "sending", savedAt: entry.savedAt ?? Date.now() });
  }
  const stored = entries.map((entry) => {
    const savedAt = shown.get(entry.id)?.savedAt;
    return savedAt === undefined ? entry : { ...entry, savedAt };
  });
  // The saved ones were the oldest: the queue sends in order.
  publishQueueSnapshot(userId, [...saved, ...stored]);
}

/** The first component to show a user's entries has them read. */
const readOnce = (userId: string) => {
  if (!queueSnapshot(userId)) void refresh(userId).catch(ignore);
};

channel?.addEventListener("message", (event: MessageEvent<{ userId?: string }>) => {
  if (typeof event.data?.userId === "string") void refresh(event.data.userId).catch(ignore);
});

/** Every write shows at once, here and in the other tabs. */
const notifyingStorage: QueueStorage = {
  get: idbStorage.get,
  update: async (key, updater) => {
    await idbStorage.update(key, updater);
    const userId = key.slice(key.indexOf(":") + 1);
    await refresh(userId);
    channel?.postMessage({ userId });
  },
};

/** The signed-in user's queued expenses, oldest first; empty until read from IndexedDB. */
export function useQueuedExpenses(userId: string | undefined): readonly ShownQueueEntry[] {
  return useQueueSnapshot(userId, readOnce);
}

/** How many of the user's expenses are still only on this device (read from IndexedDB). */
export function countQueuedExpenses(userId: string): Promise<number> {
  return listEntries(idbStorage, userId).then((entries) => entries.length);
}

/**
 * Whether anyone's expenses wait on this device: a person who signed out keeping them shares the
 * device's storage with the next one, whose logout must not have the browser clear it
 * (docs/product.md#signing-out).
 */
export async function anyQueuedExpenses(): Promise<boolean> {
  if (!idbStore) return false;
  const all = await values<unknown>(idbStore);
  return all.some((entries) => Array.isArray(entries) && entries.length > 0);
}

/** Keeps an expense on the device under the key its first attempt used (or will use). */
export function queueExpense(userId: string, input: CreateExpenseInput, idempotencyKey: string) {
  return enqueue(
    notifyingStorage,
    userId,
    { id: newIdempotencyKey(), idempotencyKey, input },
    Date.now(),
  );
}

export function discardQueuedExpense(userId: string, id: string) {
  return removeEntry(notifyingStorage, userId, id);
}

export function fixQueuedExpense(userId: string, id: string, input: CreateExpenseInput) {
  return fixEntry(notifyingStorage, userId, id, input, newIdempotencyKey(), Date.now());
}

/**
 * How an entry reaches the server and what a saved one refreshes: the expenses feature's create
 * call and its invalidation (features/expenses/pending-expenses-notice.tsx). The queue is shared
 * code, below the API calls (the web's layers, .dependency-cruiser.cjs), so it is handed them.
 */
export type QueueSender = {
  send: SendExpense;
  onSaved: (queryClient: QueryClient) => Promise<unknown>;
};

async function sendQueued(
  userId: string,
  queryClient: QueryClient,
  ignoreBackoff: boolean,
  sender: QueueSender,
) {
  if (!navigator.onLine || savedAwaitingRefresh.has(userId)) return;
  savedAwaitingRefresh.set(userId, []);
  let result: Awaited<ReturnType<typeof flushQueue>>;
  try {
    result = await flushQueue({
      storage: notifyingStorage,
      userId,
      send: async (input, idempotencyKey) => {
        const saved = await sender.send(input, idempotencyKey);
        const savedAt = Date.now();
        const shown = queueSnapshot(userId) ?? [];
        publishQueueSnapshot(
          userId,
          shown.map((entry) =>
            entry.idempotencyKey === idempotencyKey ? { ...entry, savedAt } : entry,
          ),
        );
        return saved;
      },
      lock: browserLock,
      now: Date.now,
      ignoreBackoff,
    });
    if (result.sent > 0) {
      // Said once they are saved: the user was told they would be sent later.
      toast({ title: i18n.t("offlineQueue.sent", { count: result.sent }) });
      await sender.onSaved(queryClient);
    }
  } finally {
    savedAwaitingRefresh.delete(userId);
    await refresh(userId).catch(ignore);
  }
  // A refusal usually means the family changed meanwhile (a category deleted): 'Corrigir' should
  // offer the categories as they are now.
  if (result.refused > 0) await queryClient.invalidateQueries({ queryKey: queryKeys.categories });
}

/**
 * The sender, mounted once in the signed-in frame: at start and when the browser says the network
 * is back (every waiting entry at once), and every few seconds while entries wait (those due after
 * their backoff). Whatever was saved refreshes the lists and totals. `sender` must keep its
 * identity across renders (a module constant).
 */
export function useOfflineQueueSender(userId: string, sender: QueueSender) {
  const queryClient = useQueryClient();
  const entries = useQueuedExpenses(userId);
  const waiting = entries.some((entry) => entry.status !== "refused");

  useEffect(() => {
    const onOnline = () => void sendQueued(userId, queryClient, true, sender).catch(ignore);
    onOnline();
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, [userId, queryClient, sender]);

  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(
      () => void sendQueued(userId, queryClient, false, sender).catch(ignore),
      SENDER_TICK_MS,
    );
    return () => window.clearInterval(timer);
  }, [waiting, userId, queryClient, sender]);
}
