import { type ErrorCode, errorCodes } from "../../contract/error-codes";
import type { ApiError } from "../../contract/errors";
import { currentLanguage } from "../i18n/current-language";
import { reportCallOutcome } from "../offline/connection";
import { readVersions } from "./family-version";

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

const knownCodes: ReadonlySet<string> = new Set(errorCodes);
const isString = (value: unknown): value is string => typeof value === "string";
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The contract's apiErrorSchema, checked by hand: every screen reads failures through here, the
 * landing page's signed-out 401 included, and the landing page must not download zod (its
 * budget, docs/internals/web.md#what-the-landing-page-loads). api-client.test.ts checks that it
 * accepts and refuses what the schema does.
 */
export function asApiError(body: unknown): ApiError | undefined {
  if (!isRecord(body) || !isString(body.message) || !isString(body.code)) return undefined;
  if (!knownCodes.has(body.code)) return undefined;
  const apiError: ApiError = { message: body.message, code: body.code as ErrorCode };
  if (body.errors === undefined) return apiError;
  if (!Array.isArray(body.errors)) return undefined;
  const errors: NonNullable<ApiError["errors"]> = [];
  for (const entry of body.errors) {
    if (!isRecord(entry) || !isString(entry.path) || !isString(entry.message)) return undefined;
    errors.push({ path: entry.path, message: entry.message });
  }
  return { ...apiError, errors };
}

/** The error a failed response becomes: its body parsed once with the contract's shape. */
export async function parseFailure(response: Response): Promise<ApiRequestError> {
  let apiError: ApiError | undefined;
  try {
    apiError = asApiError(JSON.parse(await response.text()));
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
  // Which version of the family's data a read saw: the event stream's `ready` is compared to it.
  if (method === "GET") readVersions.note(response);
  const text = await response.text();
  return text === "" ? null : JSON.parse(text);
}

/** GET a JSON answer. The type is the contract's type of that endpoint's response. */
export function getJson<T>(url: string, options: RequestOptions = {}): Promise<T> {
  return request("GET", url, undefined, options) as Promise<T>;
}

/**
 * POST/PATCH/DELETE with a JSON body (none when `body` is undefined). A change of an entry cleared
 * against the bank (entry_cleared, docs/product.md#reconciliation) is asked to the person, in the
 * server's own words, and sent again with `confirm=cleared` if they go ahead: every screen that
 * changes or deletes an expense, an income, a transfer or a bill's payment asks the same way.
 */
export async function sendJson<T>(
  method: "POST" | "PATCH" | "PUT" | "DELETE",
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  try {
    return (await request(method, url, body, options)) as T;
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.apiError?.code !== "entry_cleared")
      throw error;
    if (!globalThis.confirm(error.message)) throw error;
    const confirmed = `${url}${url.includes("?") ? "&" : "?"}confirm=cleared`;
    return (await request(method, confirmed, body, options)) as T;
  }
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
