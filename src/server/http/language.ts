import type { FastifyRequest } from "fastify";
import { defaultLanguage, type Language } from "../../contract/common";
import { languageFromAcceptLanguage } from "../i18n";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user's preferred language, set by the session plugin when there is one. */
    preferredLanguage?: Language;
  }
}

/** The caller's language: the user's preferredLanguage, else Accept-Language, else English. */
export function requestLanguage(request: FastifyRequest): Language {
  return (
    request.preferredLanguage ??
    languageFromAcceptLanguage(request.headers["accept-language"]) ??
    defaultLanguage
  );
}
