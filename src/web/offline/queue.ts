import type { CreateExpenseInput } from "../../contract/expenses";
import { ApiRequestError } from "../lib/api-client";

/**
 * The offline expense queue (docs/internals/web.md#offline-expense-queue): expenses added
 * without a connection wait on the device, each with the Idempotency-Key made before its first
 * attempt, and are sent when the network returns. The server returns the first expense for a key
 * it has seen (src/server/features/expenses/service.ts createExpense), so an entry whose first send
 * reached the server before the answer was lost is never saved twice. This file is the logic, on an
 * injected storage and lock, so it is tested without a browser; browser-queue.ts is the browser's.
 */

type QueueEntryStatus = "pending" | "sending" | "refused";

type QueueEntryError = {
  /** The server's message, already in the user's language when it was refused. */
  message: string;
  fieldErrors: { path: string; message: string }[];
};

export type QueueEntry = {
  id: string;
  idempotencyKey: string;
  input: CreateExpenseInput;
  createdAt: string;
  status: QueueEntryStatus;
  /** Failed attempts without an answer (or with a 5xx), for the backoff. */
  attempts: number;
  /** Epoch ms before which the sender leaves a pending entry alone. */
  nextAttemptAt: number;
  error: QueueEntryError | null;
};

/** Atomic read-modify-write of one key, as idb-keyval's `update` (one IndexedDB transaction). */
export type QueueStorage = {
  get(key: string): Promise<QueueEntry[] | undefined>;
  update(key: string, updater: (old: QueueEntry[] | undefined) => QueueEntry[]): Promise<void>;
};

/**
 * Runs `task` unless another sender (this tab or another) holds the lock; answers false then. The
 * browser's is navigator.locks with ifAvailable (browser-queue.ts).
 */
export type QueueLock = (name: string, task: () => Promise<void>) => Promise<boolean>;

/** One queue per signed-in user: another user on the device never sees or sends them. */
export const queueKey = (userId: string) => `expense-queue:${userId}`;

/** Backoff after an attempt without an answer: 5 s, 10 s, 20 s… at most 5 minutes. */
const BACKOFF_BASE_MS = 5_000;
export const BACKOFF_MAX_MS = 5 * 60_000;
export const backoffMs = (attempts: number) =>
  Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));

export function listEntries(storage: QueueStorage, userId: string): Promise<QueueEntry[]> {
  return storage.get(queueKey(userId)).then((entries) => entries ?? []);
}

export function enqueue(
  storage: QueueStorage,
  userId: string,
  entry: Pick<QueueEntry, "id" | "idempotencyKey" | "input">,
  now: number,
): Promise<void> {
  const queued: QueueEntry = {
    ...entry,
    createdAt: new Date(now).toISOString(),
    status: "pending",
    attempts: 0,
    nextAttemptAt: now,
    error: null,
  };
  return storage.update(queueKey(userId), (old = []) =>
    // The same key twice (a double submit while offline) stays one entry.
    old.some((e) => e.idempotencyKey === entry.idempotencyKey) ? old : [...old, queued],
  );
}

export function removeEntry(storage: QueueStorage, userId: string, id: string): Promise<void> {
  return storage.update(queueKey(userId), (old = []) => old.filter((e) => e.id !== id));
}

function patchEntry(storage: QueueStorage, userId: string, id: string, patch: Partial<QueueEntry>) {
  return storage.update(queueKey(userId), (old = []) =>
    old.map((e) => (e.id === id ? { ...e, ...patch } : e)),
  );
}

const sameInput = (a: CreateExpenseInput, b: CreateExpenseInput) =>
  a.description === b.description &&
  a.amount === b.amount &&
  a.categoryId === b.categoryId &&
  a.date === b.date &&
  (a.paidByUserId ?? "") === (b.paidByUserId ?? "") &&
  (a.paymentMethodId ?? null) === (b.paymentMethodId ?? null) &&
  // For whom, and whether only its author sees it (docs/product.md#private-expenses).
  JSON.stringify(a.split ?? null) === JSON.stringify(b.split ?? null) &&
  (a.private ?? false) === (b.private ?? false);

/**
 * 'Corrigir' on a refused entry: it waits again with the corrected input. An unchanged input keeps
 * its key; a changed one gets `freshKey`, since a key stands for one expense's content
 * (docs/product.md#offline-expense-queue).
 */
export function fixEntry(
  storage: QueueStorage,
  userId: string,
  id: string,
  input: CreateExpenseInput,
  freshKey: string,
  now: number,
): Promise<void> {
  return storage.update(queueKey(userId), (old = []) =>
    old.map((e) =>
      e.id === id
        ? {
            ...e,
            input,
            idempotencyKey: sameInput(e.input, input) ? e.idempotencyKey : freshKey,
            status: "pending",
            attempts: 0,
            nextAttemptAt: now,
            error: null,
          }
        : e,
    ),
  );
}

/**
 * A server's answer that will not change by sending again: the entry is refused and waits for the
 * user. 401 (signed out meanwhile), 408 and 429 are answers of the moment, retried like a 5xx.
 */
export function isRefusal(error: unknown): error is ApiRequestError {
  return (
    error instanceof ApiRequestError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 408, 429].includes(error.status)
  );
}

/**
 * A failure with no answer from the server: fetch's TypeError (offline, connection reset, the
 * response lost on the way back). The expense may or may not exist on the server; only a resend
 * with the same key can tell, so it is queued rather than shown as an error.
 */
export function isNetworkFailure(error: unknown): boolean {
  return !(error instanceof ApiRequestError) && error instanceof TypeError;
}

export type SendExpense = (input: CreateExpenseInput, idempotencyKey: string) => Promise<unknown>;

type FlushResult = { ran: boolean; sent: number; refused: number; failed: number };

/**
 * Sends every due entry once, one after the other, under the user's lock (one sender at a time
 * across tabs; a second caller returns at once with ran: false). An entry left 'sending' by a
 * closed tab is due again: holding the lock, nobody else is sending it, and its key makes a
 * resend harmless.
 */
export async function flushQueue({
  storage,
  userId,
  send,
  lock,
  now,
  ignoreBackoff = false,
}: {
  storage: QueueStorage;
  userId: string;
  send: SendExpense;
  lock: QueueLock;
  now: () => number;
  /** When the network has just come back (or the app starts): every waiting entry goes now. */
  ignoreBackoff?: boolean;
}): Promise<FlushResult> {
  const result: FlushResult = { ran: false, sent: 0, refused: 0, failed: 0 };
  result.ran = await lock(`${queueKey(userId)}:sender`, async () => {
    const entries = await listEntries(storage, userId);
    for (const entry of entries) {
      if (entry.status === "refused") continue;
      if (!ignoreBackoff && entry.status === "pending" && entry.nextAttemptAt > now()) continue;
      await patchEntry(storage, userId, entry.id, { status: "sending" });
      try {
        await send(entry.input, entry.idempotencyKey);
        await removeEntry(storage, userId, entry.id);
        result.sent++;
      } catch (error) {
        if (isRefusal(error)) {
          await patchEntry(storage, userId, entry.id, {
            status: "refused",
            error: {
              message: error.apiError?.message ?? error.message,
              fieldErrors: error.apiError?.errors ?? [],
            },
          });
          result.refused++;
        } else {
          const attempts = entry.attempts + 1;
          await patchEntry(storage, userId, entry.id, {
            status: "pending",
            attempts,
            nextAttemptAt: now() + backoffMs(attempts),
          });
          result.failed++;
          // Without an answer the next entries would most likely fail the same way.
          if (!(error instanceof ApiRequestError)) break;
        }
      }
    }
  });
  return result;
}
