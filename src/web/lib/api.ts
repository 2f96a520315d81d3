import { currentLanguage } from "../i18n/init";
import { ApiRequestError, parseFailure } from "./api-client";

/**
 * The previous client, kept only for lib/budget-hooks.ts and components/expense-form.tsx until
 * they move to api-client.ts (then this file goes). Its failures are already ApiRequestErrors,
 * parsed by api-client, so toastError shows the API's message for those screens too.
 */
export { ApiRequestError as HttpError };

type ApiFetchOptions = {
  method?: string;
  headers?: HeadersInit;
  body?: BodyInit | null;
  signal?: AbortSignal;
};

/**
 * The session cookie always travels. The server refuses state-changing requests that are not
 * JSON, so a string body is labelled JSON unless the caller chose its own Content-Type.
 */
export async function apiFetch(url: string, options: ApiFetchOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  // Signed out, the server answers errors in this language (signed in, the user's preference wins).
  if (!headers.has("Accept-Language")) headers.set("Accept-Language", currentLanguage());
  if (typeof options.body === "string" && !headers.has("Content-Type")) {
    headers.set("Content-Type", "application/json");
  }
  const response = await fetch(url, {
    method: options.method ?? "GET",
    headers,
    body: options.body,
    signal: options.signal,
    credentials: "include",
  });
  if (!response.ok) throw await parseFailure(response);
  return response;
}

/** Sends `data` as JSON (no body when it is undefined) and resolves with the OK response. */
export function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  return apiFetch(url, {
    method,
    body: data === undefined ? undefined : JSON.stringify(data),
  });
}

/** JSON bodies are parsed; anything else comes back as raw text; an empty body is null. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return null;
  const type = response.headers.get("Content-Type") ?? "";
  if (type.includes("json")) return JSON.parse(text);
  return text;
}
