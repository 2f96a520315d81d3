import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { ApiRequestError } from "./api-client";

/**
 * Puts a 400's field errors that only the server can decide (a common password: the list stays
 * out of the web bundle, src/server/password-policy.ts) under their fields, like the form's own
 * errors. Answers whether it showed any, so the caller toasts only other failures. The message
 * is already in the user's language.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  let shown = false;
  for (const fieldError of error.apiError?.errors ?? []) {
    const field = fields.find((name) => name === fieldError.path);
    if (!field) continue;
    setError(field, { type: "server", message: fieldError.message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}
