import { type ApiError, apiErrorSchema, type ErrorCode } from "../../contract/errors";
import { currentLanguage } from "../i18n/current-language";
import { reportCallOutcome } from "./connection";

/**
 * The one way the web calls the API. Every endpoint has a file of its own,
 * `src/web/api/<area>/<verb>-<thing>.ts`, holding its fetcher (built on getJson / sendJson), its
 * `queryOptions` factory and hook for a read or its mutation hook (with the cache it refreshes) for
 * a write; request and response types come from src/contract.
 */

/**
 * A failed call. The body is parsed once, here, with the contract's error schema: `code` tells
 * failures apart and `apiError.message` is already in the user's language. A body that is not
 * the API's (a proxy's HTML page, a network failure) leaves `apiError` undefined.
 */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly apiError: ApiError | undefined,
  ) {
    super(apiError?.message ?? `HTTP ${status}`);
    this.name = "ApiRequestError";
  }

  get code(): ErrorCode | undefined {
    return this.apiError?.code;
  }
}

/** The error a failed response becomes: its body parsed once with the contract's schema. */
export async function parseFailure(response: Response): Promise<ApiRequestError> {
  let apiError: ApiError | undefined;
  try {
    const parsed = apiErrorSchema.safeParse(JSON.parse(await response.text()));
    if (parsed.success) apiError = parsed.data;
  } catch {
    // Not JSON: nothing in it is meant for users.
  }
  return new ApiRequestError(response.status, apiError);
}

type RequestOptions = { signal?: AbortSignal; headers?: Record<string, string> };

async function request(method: string, url: string, body: unknown, options: RequestOptions) {
  const headers = new Headers(options.headers);
  // Signed out, the server answers errors in this language (signed in, the user's preference wins).
  headers.set("Accept-Language", currentLanguage());
  // The server refuses state-changing requests that are not JSON.
  if (body !== undefined) headers.set("Content-Type", "application/json");
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
      credentials: "include",
    });
  } catch (error) {
    // No answer at all (an aborted call is the app's own choice, not the network's).
    if (!options.signal?.aborted) reportCallOutcome(false);
    throw error;
  }
  reportCallOutcome(true);
  if (!response.ok) throw await parseFailure(response);
  const text = await response.text();
  return text === "" ? null : JSON.parse(text);
}

/** GET a JSON answer. The type is the contract's type of that endpoint's response. */
export function getJson<T>(url: string, options: RequestOptions = {}): Promise<T> {
  return request("GET", url, undefined, options) as Promise<T>;
}

/** POST/PATCH/DELETE with a JSON body (none when `body` is undefined). */
export function sendJson<T>(
  method: "POST" | "PATCH" | "PUT" | "DELETE",
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  return request(method, url, body, options) as Promise<T>;
}

/** "/api/x" + the defined entries of `params` as a query string. */
export function withQuery(url: string, params: Record<string, string | number | undefined>) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${url}?${text}` : url;
}

/**
 * What a screen adds to an endpoint hook's own handling of the answer (toasts, navigation). They
 * run inside the hook's callbacks rather than as `mutate(input, callbacks)`, whose callbacks React
 * Query skips once the calling form has unmounted, which a successful call often causes.
 */
export type MutationCallbacks<TData, TVariables> = {
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  onError?: (error: Error) => unknown;
};
