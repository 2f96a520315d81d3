/**
 * The server's one error type. Services throw an AppError with a code; the error handler turns it
 * into the DESIGN §4 shape with the HTTP status of the code and the message in the caller's
 * language (the message key defaults to `errors.<code>` in src/contract/messages).
 */

const statusByCode = {
  validation_error: 400,
  invalid_json: 400,
  bad_request: 400,
  invalid_reset_token: 400,
  cannot_remove_owner: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  forbidden: 403,
  only_owner: 403,
  cross_site_request: 403,
  not_found: 404,
  not_in_family: 404,
  invalid_invite_code: 404,
  member_not_found: 404,
  category_not_found: 404,
  expense_not_found: 404,
  conflict: 409,
  email_taken: 409,
  already_in_family: 409,
  gone: 410,
  invite_expired: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  too_many_logins: 429,
  too_many_reset_requests: 429,
  too_many_registrations: 429,
  internal: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof statusByCode | (string & {});
export type FieldError = { path: string; messageKey: string; params?: Record<string, unknown> };

export class AppError extends Error {
  readonly statusCode: number;
  readonly messageKey: string;
  readonly params: Record<string, unknown>;
  readonly fieldErrors: FieldError[] | undefined;

  constructor(
    readonly code: ErrorCode,
    options: {
      /** Defaults to the status of `code` in the table; needed only for codes outside it. */
      status?: number;
      messageKey?: string;
      params?: Record<string, unknown>;
      fieldErrors?: FieldError[];
    } = {},
  ) {
    const messageKey = options.messageKey ?? `errors.${code}`;
    super(messageKey);
    this.name = "AppError";
    this.statusCode =
      options.status ?? statusByCode[code as keyof typeof statusByCode] ?? statusByCode.internal;
    this.messageKey = messageKey;
    this.params = options.params ?? {};
    this.fieldErrors = options.fieldErrors;
  }
}

export const httpStatusOf = (code: keyof typeof statusByCode) => statusByCode[code];
