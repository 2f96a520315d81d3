import { currentLanguage } from "../i18n/init";

export type ApiFetchOptions = {
  method?: string;
  headers?: HeadersInit;
  body?: BodyInit | null;
  signal?: AbortSignal;
};

/**
 * A failed call. `message` keeps the "<status>: <body text or status text>" form every caller
 * relies on; `status` and `body` spare callers from parsing it again.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = "HttpError";
    this.status = status;
    this.body = body;
  }
}

export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const body = await response.text().catch(() => "");
  throw new HttpError(response.status, response.statusText, body);
}

/**
 * Every call goes through here so the session cookie always travels with it. The server refuses
 * state-changing requests that are not JSON, so a string body is labelled JSON unless the caller
 * chose its own Content-Type.
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
  await throwIfNotOk(response);
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

/**
 * The message the server put in an error body (`{"message": ...}`), read back from an error
 * thrown by apiFetch; undefined for network failures and bodies without one.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match?.[1]) return undefined;
  try {
    const parsed: unknown = JSON.parse(match[1]);
    if (parsed && typeof parsed === "object" && "message" in parsed) {
      const message = (parsed as { message: unknown }).message;
      if (typeof message === "string" && message.trim() !== "") return message;
    }
  } catch {
    // A body that is not JSON (a proxy's HTML page, say) carries no message meant for users.
  }
  return undefined;
}
