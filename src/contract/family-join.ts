// The join feedback without zod: the signed-in frame (web/features/family/join-feedback.tsx) reads
// it on every screen, and must not download zod before a screen's numbers paint (the cold
// dashboard's budget, scripts/bundle-budget.mjs). family.ts re-exports it.

/** The query-string feedback of GET /api/family/join/:code (docs/product.md#join-feedback). */
export const joinErrorCodes = [
  "codigo-invalido",
  "codigo-expirado",
  "ja-tem-familia",
  "erro-interno",
] as const;
export type JoinErrorCode = (typeof joinErrorCodes)[number];
export const JOIN_SUCCESS = "familia-ingressada";

/** The join feedback for an API error of a join or its preview: the same toasts as the link's. */
export function joinErrorCodeOf(apiErrorCode: string | undefined): JoinErrorCode | undefined {
  switch (apiErrorCode) {
    case "invalid_invite_code":
      return "codigo-invalido";
    case "invite_expired":
      return "codigo-expirado";
    case "already_in_family":
      return "ja-tem-familia";
    default:
      return undefined;
  }
}
