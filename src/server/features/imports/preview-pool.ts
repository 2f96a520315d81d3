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
  body: Uint8Array;
  lookup: Lookup;
  resolve: (body: Buffer) => void;
  reject: (error: unknown) => void;
};

const tooHeavy = () =>
  badFile("validation.importPreviewTooLarge", { max: IMPORT_PREVIEW_MAX_BYTES / 1024 / 1024 });

export class PreviewPool {
  private worker: Worker | undefined;
  private readonly queue: Job[] = [];
  private current: Job | undefined;
  private idle: NodeJS.Timeout | undefined;
  /** The thread that read the last file (the main thread's is 0): the API tests read it. */
  lastThreadId = 0;

  /**
   * The preview's answer as JSON bytes, or the AppError that refuses the request or its file.
   * `body` is the request's JSON body as it came: it is handed to the worker (without a copy when
   * it owns its memory), which parses and checks it, so a 7 MB body never costs the event loop.
   */
  preview(body: Buffer, lookup: Lookup): Promise<Buffer> {
    const owned = body.byteOffset === 0 && body.buffer.byteLength === body.byteLength;
    return new Promise((resolve, reject) => {
      this.queue.push({ body: owned ? body : new Uint8Array(body), lookup, resolve, reject });
      this.next();
    });
  }

  private send(worker: Worker, message: ToWorker, transfer: ArrayBuffer[] = []) {
    worker.postMessage(message, transfer);
  }

  private next() {
    if (this.current) return;
    const job = this.queue.shift();
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
    this.current = undefined;
    settle();
    if (this.queue.length > 0) return this.next();
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
