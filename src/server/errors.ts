import { type ErrorCode, errorStatusByCode } from "../contract/errors";

/**
 * The server's one error type. Services throw an AppError with a code; the error handler turns it
 * into the one error shape (src/contract/errors.ts) with the HTTP status of the code and the message in the caller's
 * language (the message key defaults to `errors.<code>` in src/contract/messages).
 */

export type { ErrorCode };

export type FieldError = { path: string; messageKey: string; params?: Record<string, unknown> };

export class AppError extends Error {
  readonly statusCode: number;
  readonly messageKey: string;
  readonly params: Record<string, unknown>;
  readonly fieldErrors: FieldError[] | undefined;

  constructor(
    readonly code: ErrorCode,
    options: {
      /** Defaults to the code's status; Fastify's rarer 4xx keep theirs under "bad_request". */
      status?: number;
      messageKey?: string;
      params?: Record<string, unknown>;
      fieldErrors?: FieldError[];
    } = {},
  ) {
    const messageKey = options.messageKey ?? `errors.${code}`;
    super(messageKey);
    this.name = "AppError";
    this.statusCode = options.status ?? errorStatusByCode[code];
    this.messageKey = messageKey;
    this.params = options.params ?? {};
    this.fieldErrors = options.fieldErrors;
  }
}
