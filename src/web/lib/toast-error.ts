import i18n from "i18next";
import { ApiRequestError } from "./api-client";
import { toast } from "./use-toast";

/**
 * What a failed call tells the user: the API's own message (already in the user's language),
 * else the caller's fallback. A body that was not the API's (a proxy's HTML page, a network
 * failure) carries nothing meant for users, so it gets the fallback too.
 */
export function errorDescription(error: unknown, fallback?: string): string {
  const message = error instanceof ApiRequestError ? error.apiError?.message.trim() : undefined;
  return message || fallback || i18n.t("common.unexpectedError");
}

/**
 * The one place a failed call becomes a message on screen: a destructive toast titled "Erro". A
 * change of an entry cleared against the bank that the person chose not to make (sendJson asked
 * them) needs none: nothing changed, as they chose.
 */
export function toastError(error: unknown, fallback?: string, title?: string) {
  if (error instanceof ApiRequestError && error.code === "entry_cleared") return;
  return toast({
    variant: "destructive",
    title: title ?? i18n.t("common.error"),
    description: errorDescription(error, fallback),
  });
}
