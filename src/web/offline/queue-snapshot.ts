import { useCallback, useSyncExternalStore } from "react";
import type { QueueEntry } from "./queue";

/**
 * The queued expenses as last read from IndexedDB, per user, for React (useSyncExternalStore).
 * Apart from browser-queue.ts, which reads and writes the queue (IndexedDB's wrapper, the create
 * call's contract), so a screen can show what waits without downloading any of that: the dashboard
 * is part of the cold visit's budget (scripts/bundle-budget.mjs). The frame's lazy
 * PendingExpensesNotice reads the queue once the frame has painted; from then on every write shows
 * at once.
 */
/**
 * An entry as shown; `savedAt` (epoch ms) once the server has saved it, while it stays shown until
 * the screens' data is asked for again (browser-queue.ts): a read answered after that holds it.
 */
export type ShownQueueEntry = QueueEntry & { savedAt?: number };

const snapshots = new Map<string, readonly ShownQueueEntry[]>();
const listeners = new Set<() => void>();
const noEntries: readonly ShownQueueEntry[] = [];

export function publishQueueSnapshot(userId: string, entries: readonly ShownQueueEntry[]) {
  snapshots.set(userId, entries);
  for (const listener of listeners) listener();
}

/** What was last published for the user, if anything was. */
export function queueSnapshot(userId: string): readonly ShownQueueEntry[] | undefined {
  return snapshots.get(userId);
}

/** Listens to every user's snapshot; `onSubscribe` runs as a component starts listening. */
export function useQueueSnapshot(
  userId: string | undefined,
  onSubscribe?: (userId: string) => void,
): readonly ShownQueueEntry[] {
  const subscribe = useCallback(
    (listener: () => void) => {
      listeners.add(listener);
      if (userId) onSubscribe?.(userId);
      return () => {
        listeners.delete(listener);
      };
    },
    [userId, onSubscribe],
  );
  return useSyncExternalStore(subscribe, () =>
    userId ? (snapshots.get(userId) ?? noEntries) : noEntries,
  );
}
