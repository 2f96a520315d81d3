import { parentPort, threadId } from "node:worker_threads";
import type { ImportPreviewInput } from "../../../contract/imports";
import { AppError } from "../../errors";
import { parsePreview } from "./parse";

/**
 * The preview worker's entry (preview-pool.ts starts it): one file at a time, answered with its
 * parse or with the AppError that refuses it, as plain data. Built into dist/server as
 * import-preview-worker.js (scripts/build.mjs); run from source, it is loaded through tsx.
 */

export type WorkerAnswer =
  | { ok: true; threadId: number; parsed: ReturnType<typeof parsePreview> }
  | {
      ok: false;
      threadId: number;
      refusal?: Pick<AppError, "code" | "statusCode" | "messageKey" | "params" | "fieldErrors">;
      failure?: string;
    };

parentPort?.on("message", (input: ImportPreviewInput) => {
  let answer: WorkerAnswer;
  try {
    answer = { ok: true, threadId, parsed: parsePreview(input) };
  } catch (error) {
    answer =
      error instanceof AppError
        ? {
            ok: false,
            threadId,
            refusal: {
              code: error.code,
              statusCode: error.statusCode,
              messageKey: error.messageKey,
              params: error.params,
              fieldErrors: error.fieldErrors,
            },
          }
        : { ok: false, threadId, failure: error instanceof Error ? error.stack : String(error) };
  }
  // The line-to-key index travels without a copy.
  const transfer = answer.ok ? [answer.parsed.lineKeys.buffer as ArrayBuffer] : [];
  parentPort?.postMessage(answer, transfer);
});
