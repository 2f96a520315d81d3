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
const snapshots = new Map<string, readonly QueueEntry[]>();
const listeners = new Set<() => void>();
const noEntries: readonly QueueEntry[] = [];

export function publishQueueSnapshot(userId: string, entries: readonly QueueEntry[]) {
  snapshots.set(userId, entries);
  for (const listener of listeners) listener();
}

export function hasQueueSnapshot(userId: string): boolean {
  return snapshots.has(userId);
}

/** Listens to every user's snapshot; `onSubscribe` runs as a component starts listening. */
export function useQueueSnapshot(
  userId: string | undefined,
  onSubscribe?: (userId: string) => void,
): readonly QueueEntry[] {
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
