import { Worker } from "node:worker_threads";
import { IMPORT_PREVIEW_MAX_BYTES } from "../../../contract/imports";
import { AppError } from "../../errors";
import type { LookupInput, PreviewLookups } from "./parse";
import type { FromWorker, ToWorker } from "./preview-worker";
import { badFile } from "./read-file";

/**
 * Files are read in a worker thread, one at a time, so a heavy file costs the server one busy
 * thread and never its event loop (docs/product.md#csv-import): /api/health and every other
 * request keep being answered while it runs. The worker also writes the answer's JSON, handed back
 * as bytes without a copy: the event loop only runs the two lookups and sends those bytes. One
 * worker: the work is CPU, and on a small machine a second one would take the core the event loop
 * runs on. It starts with the first preview and stops after a minute without one, so an app that
 * never imports never holds it.
 */

// Run from source (tsx, Vitest) this module is a .ts file next to the worker's; built, it is
// inside dist/server/main.js, next to the worker bundle scripts/build.mjs writes.
const fromSource = import.meta.url.endsWith(".ts");
const workerEntry = fromSource
  ? new URL("./preview-worker-source.mjs", import.meta.url)
  : new URL("./import-preview-worker.js", import.meta.url);

const IDLE_MS = 60_000;
/**
 * The worker's heap. The heaviest file the caps accept (20,000 lines of 50 cells) holds about
 * 60 MB once read; past this limit V8 stops the worker and the file is refused, never the server.
 */
const WORKER_HEAP_MB = 256;

/** The database's part of a preview, run on the event loop between the worker's two steps. */
export type Lookup = (parsed: LookupInput) => Promise<PreviewLookups>;

type Job = {
  owner: string;
  body: Uint8Array;
  lookup: Lookup;
  /** Aborted when the request closed before its answer: the client left. */
  signal: AbortSignal | undefined;
  resolve: (body: Buffer) => void;
  reject: (error: unknown) => void;
};

/**
 * The queue's bounds (docs/product.md#csv-import). One person may have two previews under way
 * (the one being read and the next: the screen asks again when an option changes), and at most
 * eight files wait for the worker in all: a heavy file takes about 1.5 s, so a file let in waits
 * some 12 s at worst, and past that the person is told at once to try again (a 429) rather than
 * wait longer for an answer the screen may give up on.
 */
export type PreviewLimits = { perPerson: number; waiting: number };
export const PREVIEW_LIMITS: PreviewLimits = { perPerson: 2, waiting: 8 };

const personBusy = () => new AppError("rate_limited", { messageKey: "errors.import_preview_busy" });
const queueFull = () => new AppError("rate_limited", { messageKey: "errors.import_previews_full" });
/** No one reads this answer: the request closed before its file was read. */
const clientLeft = () => new AppError("bad_request");

const tooHeavy = () =>
  badFile("validation.importPreviewTooLarge", { max: IMPORT_PREVIEW_MAX_BYTES / 1024 / 1024 });

export class PreviewPool {
  private worker: Worker | undefined;
  /**
   * The files waiting, per person in the order people first came: the worker takes one file of
   * each person in turn (round-robin), so someone's one-line file waits behind at most one file
   * of each person ahead, never behind all of another person's.
   */
  private readonly waiting = new Map<string, Job[]>();
  private waitingCount = 0;
  /** Each person's previews waiting or being read. */
  private readonly underWay = new Map<string, number>();
  private current: Job | undefined;
  private lastOwner: string | undefined;
  private idle: NodeJS.Timeout | undefined;
  /** The thread that read the last file (the main thread's is 0): the API tests read it. */
  lastThreadId = 0;

  constructor(private readonly limits: PreviewLimits = PREVIEW_LIMITS) {}

  /**
   * The preview's answer as JSON bytes, or the AppError that refuses the request or its file.
   * `body` is the request's JSON body as it came: it is handed to the worker (without a copy when
   * it owns its memory), which parses and checks it, so a 7 MB body never costs the event loop.
   * `owner` is the person (their user id): their previews under way are bounded, and the queue is
   * served one person at a time in turn. When `signal` aborts (the request closed) a file still
   * waiting is dropped, and one being read is not looked up or answered.
   */
  preview(
    body: Buffer,
    lookup: Lookup,
    request: { owner: string; signal?: AbortSignal | undefined },
  ): Promise<Buffer> {
    const { owner, signal } = request;
    if (signal?.aborted) return Promise.reject(clientLeft());
    if ((this.underWay.get(owner) ?? 0) >= this.limits.perPerson) {
      return Promise.reject(personBusy());
    }
    if (this.current && this.waitingCount >= this.limits.waiting) {
      return Promise.reject(queueFull());
    }
    const owned = body.byteOffset === 0 && body.buffer.byteLength === body.byteLength;
    return new Promise((resolve, reject) => {
      const job: Job = {
        owner,
        body: owned ? body : new Uint8Array(body),
        lookup,
        signal,
        resolve,
        reject,
      };
      this.underWay.set(owner, (this.underWay.get(owner) ?? 0) + 1);
      const queue = this.waiting.get(owner);
      if (queue) queue.push(job);
      else this.waiting.set(owner, [job]);
      this.waitingCount++;
      signal?.addEventListener("abort", () => this.drop(job), { once: true });
      this.next();
    });
  }

  /** Files waiting in the queue now (the one being read is not counted). */
  get waitingFiles(): number {
    return this.waitingCount;
  }

  /** Whether a file is being read now. */
  get reading(): boolean {
    return this.current !== undefined;
  }

  /** A waiting file whose request closed leaves the queue unread. */
  private drop(job: Job) {
    const queue = this.waiting.get(job.owner);
    const index = queue?.indexOf(job) ?? -1;
    if (!queue || index < 0) return;
    queue.splice(index, 1);
    if (queue.length === 0) this.waiting.delete(job.owner);
    this.waitingCount--;
    this.settle(job, () => job.reject(clientLeft()));
  }

  /**
   * The next person's first file, that person going to the back of the turn; the person whose
   * file was read last comes after anyone else waiting.
   */
  private take(): Job | undefined {
    for (const [owner, queue] of this.waiting) {
      if (owner === this.lastOwner && this.waiting.size > 1) continue;
      this.lastOwner = owner;
      const job = queue.shift();
      this.waiting.delete(owner);
      if (queue.length > 0) this.waiting.set(owner, queue);
      if (!job) continue;
      this.waitingCount--;
      return job;
    }
    return undefined;
  }

  /** The job leaves the person's count, then its promise is settled. */
  private settle(job: Job, settle: () => void) {
    const left = (this.underWay.get(job.owner) ?? 1) - 1;
    if (left > 0) this.underWay.set(job.owner, left);
    else this.underWay.delete(job.owner);
    settle();
  }

  private send(worker: Worker, message: ToWorker, transfer: ArrayBuffer[] = []) {
    worker.postMessage(message, transfer);
  }

  private next() {
    if (this.current) return;
    const job = this.take();
    if (!job) return;
    clearTimeout(this.idle);
    this.current = job;
    const worker = this.worker ?? this.start();
    worker.ref();
    this.send(worker, { kind: "parse", body: job.body }, [job.body.buffer as ArrayBuffer]);
  }

  private start(): Worker {
    const worker = new Worker(workerEntry, {
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    worker.on("message", (message: FromWorker) => this.receive(worker, message));
    worker.on("error", (error) => this.lost(worker, error));
    worker.on("exit", (code) => this.lost(worker, new Error(`preview worker exited (${code})`)));
    this.worker = worker;
    return worker;
  }

  private receive(worker: Worker, message: FromWorker) {
    const job = this.current;
    if (!job || this.worker !== worker) return;
    this.lastThreadId = message.threadId;
    if (message.kind === "parsed") {
      // The client left while its file was read: no lookup, no answer to write.
      if (job.signal?.aborted) {
        this.send(worker, { kind: "drop" });
        return this.finish(() => job.reject(clientLeft()));
      }
      job.lookup(message).then(
        (lookups) => {
          if (this.current !== job || this.worker !== worker) return;
          this.send(worker, { kind: "answer", ...lookups }, [
            lookups.duplicates.buffer as ArrayBuffer,
          ]);
        },
        (error) => {
          if (this.current !== job || this.worker !== worker) return;
          this.send(worker, { kind: "drop" });
          this.finish(() => job.reject(error));
        },
      );
    } else if (message.kind === "answered") {
      const { body } = message;
      this.finish(() => job.resolve(Buffer.from(body.buffer, body.byteOffset, body.byteLength)));
    } else if (message.kind === "refused") {
      const { code, statusCode, messageKey, params, fieldErrors } = message.refusal;
      const error = new AppError(code, { status: statusCode, messageKey, params, fieldErrors });
      this.finish(() => job.reject(error));
    } else this.finish(() => job.reject(new Error(message.failure)));
  }

  /** The worker died (out of memory, a crash): its file is refused and the next one gets a new worker. */
  private lost(worker: Worker, error: Error & { code?: string }) {
    if (this.worker !== worker) return;
    this.worker = undefined;
    const job = this.current;
    this.finish(() => job?.reject(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? tooHeavy() : error));
  }

  private finish(settle: () => void) {
    const job = this.current;
    this.current = undefined;
    if (job) this.settle(job, settle);
    else settle();
    if (this.waitingCount > 0) return this.next();
    const worker = this.worker;
    if (!worker) return;
    worker.unref();
    this.idle = setTimeout(() => {
      if (this.worker !== worker || this.current) return;
      this.worker = undefined;
      void worker.terminate();
    }, IDLE_MS);
    this.idle.unref();
  }
}

/** One pool per process: every app in it shares the worker. */
export const previewPool = new PreviewPool();
