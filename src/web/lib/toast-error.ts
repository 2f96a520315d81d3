import i18n from "i18next";
import { toast } from "../components/ui/use-toast";
import { serverMessage } from "./api";

/** What a failed call tells the user: the server's own message, else the caller's fallback. */
export function errorDescription(error: unknown, fallback?: string): string {
  return serverMessage(error) ?? fallback ?? i18n.t("common.unexpectedError");
}

/**
 * The one place a failed call becomes a message on screen: a destructive toast titled "Erro"
 * (translated). Server messages arrive already in the user's language.
 */
export function toastError(error: unknown, fallback?: string, title?: string) {
  return toast({
    variant: "destructive",
    title: title ?? i18n.t("common.error"),
    description: errorDescription(error, fallback),
  });
}
