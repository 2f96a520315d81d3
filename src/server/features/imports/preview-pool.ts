import { Worker } from "node:worker_threads";
import { IMPORT_PREVIEW_MAX_BYTES, type ImportPreviewInput } from "../../../contract/imports";
import { AppError } from "../../errors";
import type { ParsedPreview } from "./parse";
import type { WorkerAnswer } from "./preview-worker";
import { badFile } from "./read-file";

/**
 * Files are parsed in a worker thread, one at a time, so a heavy file costs the server one busy
 * thread and never its event loop (docs/product.md#csv-import): /api/health and every other
 * request keep being answered while it runs. One worker: the parse is CPU work, and on a small
 * machine a second one would take the core the event loop runs on. It starts with the first
 * preview and stops after a minute without one, so an app that never imports never holds it.
 */

// Run from source (tsx, Vitest) this module is a .ts file next to the worker's; built, it is
// inside dist/server/main.js, next to the worker bundle scripts/build.mjs writes.
const fromSource = import.meta.url.endsWith(".ts");
const workerEntry = fromSource
  ? new URL("./preview-worker-source.mjs", import.meta.url)
  : new URL("./import-preview-worker.js", import.meta.url);

const IDLE_MS = 60_000;
/**
 * The worker's heap. A 5 MB file of 20,000 lines of 50 cells (the caps) parses within about
 * 150 MB; past this the worker is stopped by V8 and the file refused, never the server.
 */
const WORKER_HEAP_MB = 256;

type Job = {
  input: ImportPreviewInput;
  resolve: (parsed: ParsedPreview) => void;
  reject: (error: unknown) => void;
};

const tooHeavy = () =>
  badFile("validation.importPreviewTooLarge", { max: IMPORT_PREVIEW_MAX_BYTES / 1024 / 1024 });

export class PreviewPool {
  private worker: Worker | undefined;
  private readonly queue: Job[] = [];
  private current: Job | undefined;
  private idle: NodeJS.Timeout | undefined;
  /** The thread that parsed the last file (the main thread's is 0): the API tests read it. */
  lastThreadId = 0;

  parse(input: ImportPreviewInput): Promise<ParsedPreview> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      this.next();
    });
  }

  private next() {
    if (this.current) return;
    const job = this.queue.shift();
    if (!job) return;
    clearTimeout(this.idle);
    this.current = job;
    const worker = this.worker ?? this.start();
    worker.ref();
    worker.postMessage(job.input);
  }

  private start(): Worker {
    const worker = new Worker(workerEntry, {
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    worker.on("message", (answer: WorkerAnswer) => this.settle(answer));
    worker.on("error", (error) => this.lost(worker, error));
    worker.on("exit", (code) => this.lost(worker, new Error(`preview worker exited (${code})`)));
    this.worker = worker;
    return worker;
  }

  private settle(answer: WorkerAnswer) {
    const job = this.current;
    this.current = undefined;
    this.lastThreadId = answer.threadId;
    if (answer.ok) job?.resolve(answer.parsed);
    else if (answer.refusal) {
      const { code, statusCode, messageKey, params, fieldErrors } = answer.refusal;
      job?.reject(new AppError(code, { status: statusCode, messageKey, params, fieldErrors }));
    } else job?.reject(new Error(answer.failure));
    this.afterJob();
  }

  /** The worker died (out of memory, a crash): its file is refused and the next one gets a new worker. */
  private lost(worker: Worker, error: Error & { code?: string }) {
    if (this.worker !== worker) return;
    this.worker = undefined;
    const job = this.current;
    this.current = undefined;
    job?.reject(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? tooHeavy() : error);
    this.afterJob();
  }

  private afterJob() {
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
