import { apiRequest, readBody } from "../../lib/api";

/**
 * POSTs JSON to an account call and resolves with the parsed answer. apiFetch sends the language
 * on screen as Accept-Language, so a signed-out error reads in the same language as the form.
 */
export async function postAuth<T>(url: string, data: unknown): Promise<T> {
  return (await readBody(await apiRequest("POST", url, data))) as T;
}
