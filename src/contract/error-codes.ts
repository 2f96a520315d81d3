// The error codes without zod: the web client reads failures before zod is loaded, if ever (the
// landing page never loads it: docs/internals/web.md#what-the-landing-page-loads). errors.ts
// re-exports them and builds the schema.

/**
 * Every error code the API answers with, and its HTTP status: a closed list, so the web can tell
 * one failure from another by code (never by parsing a message) and the server cannot invent one.
 */
export const errorStatusByCode = {
  validation_error: 400,
  invalid_json: 400,
  bad_request: 400,
  invalid_reset_token: 400,
  cannot_remove_owner: 400,
  wrong_current_password: 400,
  family_name_mismatch: 400,
  transfer_to_self: 400,
  import_total_too_large: 400,
  quota_exceeded: 400,
  wrong_two_factor_code: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  invalid_two_factor_code: 401,
  two_factor_challenge_expired: 401,
  forbidden: 403,
  only_owner: 403,
  cross_site_request: 403,
  not_found: 404,
  not_in_family: 404,
  invalid_invite_code: 404,
  member_not_found: 404,
  category_not_found: 404,
  expense_not_found: 404,
  recurring_rule_not_found: 404,
  history_entry_not_found: 404,
  payment_method_not_found: 404,
  conflict: 409,
  email_taken: 409,
  already_in_family: 409,
  owner_cannot_leave: 409,
  family_has_members: 409,
  already_restored: 409,
  not_restorable: 409,
  two_factor_already_enabled: 409,
  two_factor_not_enabled: 409,
  two_factor_setup_missing: 409,
  payment_method_in_use: 409,
  gone: 410,
  invite_expired: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  misdirected_request: 421,
  rate_limited: 429,
  too_many_logins: 429,
  too_many_reset_requests: 429,
  too_many_registrations: 429,
  too_many_reset_attempts: 429,
  too_many_join_attempts: 429,
  too_many_exports: 429,
  too_many_streams: 429,
  too_many_imports: 429,
  too_many_reauth_attempts: 429,
  internal: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatusByCode;
export const errorCodes = Object.keys(errorStatusByCode) as [ErrorCode, ...ErrorCode[]];
