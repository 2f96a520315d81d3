import { currentLanguage } from "../../i18n/init";
import { apiFetch, readBody } from "../../lib/api";

/**
 * POSTs JSON to an account call and resolves with the parsed answer. Signed out, the server
 * picks the language of its messages from Accept-Language: send the language on screen, not the
 * browser's, so an error reads in the same language as the form.
 */
export async function postAuth<T>(url: string, data: unknown): Promise<T> {
  const response = await apiFetch(url, {
    method: "POST",
    headers: { "Accept-Language": currentLanguage() },
    body: JSON.stringify(data),
  });
  return (await readBody(response)) as T;
}
