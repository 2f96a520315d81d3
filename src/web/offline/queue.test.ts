import { describe, expect, it, vi } from "vitest";
import type { CreateExpenseInput } from "../../contract/expenses";
import { ApiRequestError } from "../lib/api-client";
import {
  BACKOFF_MAX_MS,
  backoffMs,
  enqueue,
  fixEntry,
  flushQueue,
  isNetworkFailure,
  isRefusal,
  listEntries,
  type QueueEntry,
  type QueueLock,
  type QueueStorage,
  type SendExpense,
} from "./queue";

/** IndexedDB's behaviour that matters here: one key's read-modify-write is atomic. */
function memoryStorage(): QueueStorage & { data: Map<string, QueueEntry[]> } {
  const data = new Map<string, QueueEntry[]>();
  return {
    data,
    get: async (key) => structuredClone(data.get(key)),
    update: async (key, updater) => {
      data.set(key, structuredClone(updater(structuredClone(data.get(key)))));
    },
  };
}

/** Web Locks with ifAvailable: a second request while the first runs is refused at once. */
function memoryLock(): QueueLock {
  const held = new Set<string>();
  return async (name, task) => {
    if (held.has(name)) return false;
    held.add(name);
    try {
      await task();
      return true;
    } finally {
      held.delete(name);
    }
  };
}

const input = (description: string): CreateExpenseInput => ({
  description,
  amount: "12.50",
  categoryId: "5f0c7d8e-3b1a-4c2d-9e8f-0a1b2c3d4e5f",
  date: "2026-11-24",
});

const refusal = () =>
  new ApiRequestError(404, {
    code: "category_not_found",
    message: "Categoria não encontrada",
    errors: [{ path: "categoryId", message: "Escolha outra categoria" }],
  });

function setup() {
  const storage = memoryStorage();
  const lock = memoryLock();
  let clock = 1_000_000;
  const now = () => clock;
  const advance = (ms: number) => {
    clock += ms;
  };
  const flush = (userId: string, send: SendExpense, ignoreBackoff = false) =>
    flushQueue({ storage, userId, send, lock, now, ignoreBackoff });
  const add = (userId: string, description: string, key = `key-${description}`) =>
    enqueue(
      storage,
      userId,
      { id: `id-${description}`, idempotencyKey: key, input: input(description) },
      clock,
    );
  return { storage, flush, add, now, advance };
}

describe("offline expense queue", () => {
  it("sends each queued expense once, with the key it was queued with, and forgets it", async () => {
    const { storage, flush, add } = setup();
    await add("u1", "Feira");
    await add("u1", "Padaria");
    const send = vi.fn<SendExpense>(async () => ({}));
    expect(await flush("u1", send)).toEqual({ ran: true, sent: 2, refused: 0, failed: 0 });
    expect(send.mock.calls).toEqual([
      [input("Feira"), "key-Feira"],
      [input("Padaria"), "key-Padaria"],
    ]);
    expect(await listEntries(storage, "u1")).toEqual([]);
    await flush("u1", send);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("keeps one entry when the same submission is queued twice", async () => {
    const { storage, add } = setup();
    await add("u1", "Feira", "same");
    await add("u1", "Feira", "same");
    expect(await listEntries(storage, "u1")).toHaveLength(1);
  });

  it("marks a refused expense with the server's reason and field errors, and does not resend it", async () => {
    const { storage, flush, add } = setup();
    await add("u1", "Feira");
    const send = vi.fn<SendExpense>(async () => {
      throw refusal();
    });
    expect(await flush("u1", send, true)).toMatchObject({ sent: 0, refused: 1 });
    const [entry] = await listEntries(storage, "u1");
    expect(entry).toMatchObject({
      status: "refused",
      error: {
        message: "Categoria não encontrada",
        fieldErrors: [{ path: "categoryId", message: "Escolha outra categoria" }],
      },
    });
    await flush("u1", send, true);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("keeps an expense pending after a failure without an answer, and resends it with the same key after the backoff", async () => {
    const { storage, flush, add, advance } = setup();
    await add("u1", "Feira");
    const lost = vi.fn<SendExpense>(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await flush("u1", lost)).toMatchObject({ sent: 0, failed: 1 });
    expect(await listEntries(storage, "u1")).toMatchObject([
      { status: "pending", attempts: 1, error: null },
    ]);

    const send = vi.fn<SendExpense>(async () => ({}));
    advance(backoffMs(1) - 1);
    await flush("u1", send);
    expect(send).not.toHaveBeenCalled();
    advance(1);
    await flush("u1", send);
    expect(send).toHaveBeenCalledWith(input("Feira"), "key-Feira");
    expect(lost.mock.calls[0]?.[1]).toBe("key-Feira");
    expect(await listEntries(storage, "u1")).toEqual([]);
  });

  it("sends at once, backoff or not, when the network comes back", async () => {
    const { flush, add } = setup();
    await add("u1", "Feira");
    await flush("u1", async () => {
      throw new TypeError("Failed to fetch");
    });
    const send = vi.fn<SendExpense>(async () => ({}));
    await flush("u1", send, true);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("goes on with the next entry after a 5xx, but stops at the first failure without an answer", async () => {
    const { flush, add } = setup();
    await add("u1", "A");
    await add("u1", "B");
    const serverError = vi.fn<SendExpense>(async () => {
      throw new ApiRequestError(503, undefined);
    });
    expect(await flush("u1", serverError)).toMatchObject({ failed: 2 });
    const { flush: flush2, add: add2 } = setup();
    await add2("u1", "A");
    await add2("u1", "B");
    const offline = vi.fn<SendExpense>(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await flush2("u1", offline)).toMatchObject({ failed: 1 });
    expect(offline).toHaveBeenCalledTimes(1);
  });

  it("keeps each user's queue apart: another user on the device neither sees nor sends it", async () => {
    const { storage, flush, add } = setup();
    await add("ana", "Feira");
    const send = vi.fn<SendExpense>(async () => ({}));
    expect(await listEntries(storage, "bruno")).toEqual([]);
    expect(await flush("bruno", send)).toMatchObject({ ran: true, sent: 0 });
    expect(send).not.toHaveBeenCalled();
    expect(await listEntries(storage, "ana")).toHaveLength(1);
  });

  it("lets one sender run at a time, so two tabs flushing together send each expense once", async () => {
    const { storage, flush, add } = setup();
    await add("u1", "Feira");
    await add("u1", "Padaria");
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const send = vi.fn<SendExpense>(async () => {
      await gate;
      return {};
    });
    const first = flush("u1", send, true);
    const second = await flush("u1", send, true);
    release();
    expect(second.ran).toBe(false);
    expect(await first).toMatchObject({ ran: true, sent: 2 });
    expect(send).toHaveBeenCalledTimes(2);
    expect(await listEntries(storage, "u1")).toEqual([]);
  });

  it("resends an entry a closed tab left 'sending', with its key", async () => {
    const { storage, flush, add } = setup();
    await add("u1", "Feira");
    await storage.update("expense-queue:u1", (old = []) =>
      old.map((e) => ({ ...e, status: "sending" as const })),
    );
    const send = vi.fn<SendExpense>(async () => ({}));
    await flush("u1", send);
    expect(send).toHaveBeenCalledWith(input("Feira"), "key-Feira");
  });

  it("puts a fixed entry back in the queue: same input keeps its key, a changed one gets a new key", async () => {
    const { storage, flush, add, now } = setup();
    await add("u1", "Feira");
    await add("u1", "Padaria");
    await add("u1", "Presente");
    await flush("u1", async () => {
      throw refusal();
    });
    await fixEntry(storage, "u1", "id-Feira", input("Feira"), "fresh-1", now());
    await fixEntry(
      storage,
      "u1",
      "id-Padaria",
      { ...input("Padaria"), amount: "3.00" },
      "fresh-2",
      now(),
    );
    // Made private: another expense's content, which the family sees as "Gasto privado".
    await fixEntry(
      storage,
      "u1",
      "id-Presente",
      { ...input("Presente"), private: true },
      "fresh-3",
      now(),
    );
    expect(await listEntries(storage, "u1")).toMatchObject([
      { idempotencyKey: "key-Feira", status: "pending", error: null, attempts: 0 },
      { idempotencyKey: "fresh-2", status: "pending", error: null, input: { amount: "3.00" } },
      { idempotencyKey: "fresh-3", status: "pending", input: { private: true } },
    ]);
    const send = vi.fn<SendExpense>(async () => ({}));
    expect(await flush("u1", send)).toMatchObject({ sent: 3 });
    expect(send).toHaveBeenCalledWith({ ...input("Presente"), private: true }, "fresh-3");
  });

  it("tells refusals from answers of the moment and from failures without an answer", () => {
    expect(isRefusal(refusal())).toBe(true);
    expect(isRefusal(new ApiRequestError(400, undefined))).toBe(true);
    for (const status of [401, 408, 429, 500, 503]) {
      expect(isRefusal(new ApiRequestError(status, undefined))).toBe(false);
    }
    expect(isRefusal(new TypeError("Failed to fetch"))).toBe(false);
    expect(isNetworkFailure(new TypeError("Failed to fetch"))).toBe(true);
    expect(isNetworkFailure(new ApiRequestError(503, undefined))).toBe(false);
    expect(isNetworkFailure(new Error("other"))).toBe(false);
  });

  it("backs off 5 s, 10 s, 20 s… up to 5 minutes", () => {
    expect([1, 2, 3].map(backoffMs)).toEqual([5_000, 10_000, 20_000]);
    expect(backoffMs(30)).toBe(BACKOFF_MAX_MS);
  });
});
