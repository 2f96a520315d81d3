import { EventEmitter } from "node:events";
import type { FastifyReply } from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EXPORT_STALL_MS, holdWhileOpen } from "./export-limits";

/**
 * The export's stall cut (docs/product.md#exporting-to-csv) on a fake socket and a fake clock:
 * a reply whose socket has bytes waiting and sends none is destroyed between the stall delay and
 * 11/10 of it (30 to 33 s, within 30 ± 5 s), never at Node's idle timer's 1x-2x. Real sockets: export-limits.api.test.ts.
 */

type FakeSocket = { bytesWritten: number; writableLength: number };

function fakeReply() {
  const socket: FakeSocket = { bytesWritten: 0, writableLength: 0 };
  const raw = Object.assign(new EventEmitter(), {
    socket,
    destroyed: false,
    destroy: vi.fn(() => {
      raw.destroyed = true;
      raw.emit("close");
    }),
  });
  return { reply: { raw } as unknown as FastifyReply, raw, socket };
}

/** The socket hands `bytes` to the kernel. */
const send = (socket: FakeSocket, bytes: number) => {
  socket.bytesWritten += bytes;
};
/** The reader stops: `bytes` stay queued in the socket. */
const queue = (socket: FakeSocket, bytes: number) => {
  socket.bytesWritten += bytes;
  socket.writableLength += bytes;
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Advances the clock in 100 ms steps until the reply is destroyed; the ms it took. */
function msUntilCut(raw: { destroyed: boolean }, limitMs: number) {
  let elapsed = 0;
  while (!raw.destroyed && elapsed < limitMs) {
    vi.advanceTimersByTime(100);
    elapsed += 100;
  }
  return elapsed;
}

describe("the export's stall cut", () => {
  it(`cuts a stalled reply between ${EXPORT_STALL_MS / 1000} s and 11/10 of it, and gives the slot back`, () => {
    for (const stallMs of [EXPORT_STALL_MS, 1_200]) {
      // Whenever in the watchdog's period the reader stops, the cut falls in the window.
      for (const offset of [0, stallMs / 25, stallMs / 11]) {
        const { reply, raw, socket } = fakeReply();
        const release = vi.fn();
        holdWhileOpen(reply, release, stallMs);
        send(socket, 64 * 1024);
        vi.advanceTimersByTime(offset);
        send(socket, 1024);
        queue(socket, 256 * 1024);
        const cutMs = msUntilCut(raw, 3 * stallMs);
        expect(raw.destroy).toHaveBeenCalledOnce();
        expect(cutMs).toBeGreaterThanOrEqual(stallMs);
        expect(cutMs).toBeLessThanOrEqual(stallMs + stallMs / 10 + 100);
        expect(release).toHaveBeenCalledOnce();
      }
    }
  });

  it("keeps a slow reader that takes a byte now and then, and a reply waiting on its pages", () => {
    const { reply, raw, socket } = fakeReply();
    holdWhileOpen(reply, () => {}, EXPORT_STALL_MS);
    queue(socket, 256 * 1024);
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(EXPORT_STALL_MS - 1_000);
      // One chunk taken by the reader, another queued.
      socket.writableLength -= 1024;
      queue(socket, 1024);
    }
    // Nothing queued: the export is reading its next page, which is not the reader's stall.
    socket.writableLength = 0;
    vi.advanceTimersByTime(3 * EXPORT_STALL_MS);
    expect(raw.destroy).not.toHaveBeenCalled();
  });

  it("stops looking once the reply closed", () => {
    const { reply, raw, socket } = fakeReply();
    const release = vi.fn();
    holdWhileOpen(reply, release, EXPORT_STALL_MS);
    raw.emit("close");
    queue(socket, 1024);
    vi.advanceTimersByTime(3 * EXPORT_STALL_MS);
    expect(raw.destroy).not.toHaveBeenCalled();
    expect(release).toHaveBeenCalledOnce();
    expect(vi.getTimerCount()).toBe(0);
  });
});
