import { JOIN_SUCCESS, type JoinErrorCode, joinErrorCodes } from "../../../contract/family-join";

/** What the invite link's redirect (GET /api/family/join/:code) asks the app to tell the user. */
export type JoinFeedback =
  | { kind: "success" }
  | { kind: "error"; messageKey: string }
  | { kind: "none" };

const errorMessageKeys: Record<JoinErrorCode, string> = {
  "codigo-invalido": "family.joinFeedback.errors.codigo-invalido",
  "codigo-expirado": "family.joinFeedback.errors.codigo-expirado",
  "ja-tem-familia": "family.joinFeedback.errors.ja-tem-familia",
  "erro-interno": "family.joinFeedback.errors.erro-interno",
};

const isJoinErrorCode = (value: string): value is JoinErrorCode =>
  (joinErrorCodes as readonly string[]).includes(value);

/**
 * Reads the query string the server redirects to. Only the join flow's own values count as
 * feedback: an unknown `error` still gets the generic message (docs/product.md#join-feedback), an unknown `success` none.
 */
export function joinFeedbackOf(search: string): JoinFeedback {
  const params = new URLSearchParams(search);
  if (params.get("success") === JOIN_SUCCESS) return { kind: "success" };
  const error = params.get("error");
  if (error === null) return { kind: "none" };
  return {
    kind: "error",
    messageKey: isJoinErrorCode(error)
      ? errorMessageKeys[error]
      : "family.joinFeedback.errors.other",
  };
}

/** The address without the feedback parameters, so a reload does not repeat the toast. */
export function withoutJoinFeedback(pathname: string, search: string, hash: string): string {
  const params = new URLSearchParams(search);
  params.delete("success");
  params.delete("error");
  const rest = params.toString();
  return `${pathname}${rest ? `?${rest}` : ""}${hash}`;
}
