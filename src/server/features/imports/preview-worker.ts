import { parentPort, threadId } from "node:worker_threads";
import { type ImportPreviewInput, importPreviewInputSchema } from "../../../contract/imports";
import { AppError } from "../../errors";
import { zodValidatorCompiler } from "../../http/validation";
import {
  type LookupInput,
  type ParsedPreview,
  type PreviewLookups,
  parsePreview,
  previewBody,
} from "./parse";

/**
 * The preview worker's entry (preview-pool.ts starts it), one file at a time in two steps: "parse"
 * reads the request's body (its JSON, checked against the contract as the route would) and the
 * file in it, and answers what the database must look up; "answer" gets those lookups and
 * answers the preview's JSON as bytes, handed over without a copy. A refusal travels as the
 * AppError's plain data. Built into dist/server as import-preview-worker.js (scripts/build.mjs);
 * run from source, it is loaded through preview-worker-source.mjs.
 */

export type ToWorker =
  | { kind: "parse"; body: Uint8Array }
  | ({ kind: "answer" } & PreviewLookups)
  | { kind: "drop" };

export type FromWorker = { threadId: number } & (
  | ({ kind: "parsed" } & LookupInput)
  | { kind: "answered"; body: Uint8Array }
  | {
      kind: "refused";
      refusal: Pick<AppError, "code" | "statusCode" | "messageKey" | "params" | "fieldErrors">;
    }
  | { kind: "failed"; failure: string }
);

let parsed: ParsedPreview | undefined;

const validate = zodValidatorCompiler({ schema: importPreviewInputSchema } as never);

/** The request's JSON body as the route's schema would have it, or the same 400s. */
function readBody(body: Uint8Array): ImportPreviewInput {
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw new AppError("invalid_json");
  }
  const result = validate(data) as { value?: ImportPreviewInput; error?: AppError };
  if (result.error || !result.value) throw result.error ?? new AppError("validation_error");
  return result.value;
}

function handle(message: ToWorker): [FromWorker, ArrayBuffer[]] {
  if (message.kind === "drop") {
    parsed = undefined;
    return [{ kind: "failed", threadId, failure: "dropped" }, []];
  }
  if (message.kind === "parse") {
    parsed = parsePreview(readBody(message.body));
    const { candidatesJson, keys, refundKeysJson, moneyLinesJson, paymentMethodId } = parsed;
    return [
      {
        kind: "parsed",
        threadId,
        candidatesJson,
        keys,
        refundKeysJson,
        moneyLinesJson,
        hasBillPayments: parsed.billPaymentLines.size > 0,
        paymentMethodId,
      },
      [],
    ];
  }
  if (!parsed) throw new Error("preview worker: an answer without a parsed file");
  const body = new TextEncoder().encode(previewBody(parsed, message));
  parsed = undefined;
  return [{ kind: "answered", threadId, body }, [body.buffer as ArrayBuffer]];
}

parentPort?.on("message", (message: ToWorker) => {
  let answer: [FromWorker, ArrayBuffer[]];
  try {
    answer = handle(message);
  } catch (error) {
    parsed = undefined;
    answer = [
      error instanceof AppError
        ? {
            kind: "refused",
            threadId,
            refusal: {
              code: error.code,
              statusCode: error.statusCode,
              messageKey: error.messageKey,
              params: error.params,
              fieldErrors: error.fieldErrors,
            },
          }
        : {
            kind: "failed",
            threadId,
            failure: error instanceof Error ? (error.stack ?? error.message) : String(error),
          },
      [],
    ];
  }
  if (message.kind !== "drop") parentPort?.postMessage(...answer);
});
