import type { User } from "../../contract/user";
import { isLanguage } from "../i18n/detect";

/**
 * Where the last known user is kept between visits (docs/product.md#sessions): only the user object, for a
 * fast first paint; the HttpOnly session cookie is what grants access, never this copy.
 */
export const storedUserKey = "user";

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    // Storage can be blocked (privacy settings); the app then simply waits for the server.
    return undefined;
  }
}

const isString = (value: unknown) => typeof value === "string";
const isStringOrNull = (value: unknown) => value === null || typeof value === "string";
const isBoolean = (value: unknown) => typeof value === "boolean";

/**
 * The contract's userSchema, checked by hand: the first render reads the stored copy before any
 * other chunk loads, and the landing page must not download zod for it (its budget,
 * docs/internals/web.md#what-the-landing-page-loads). A field added to User fails the typecheck
 * here until it has its check; auth.test.ts checks it against the schema.
 */
const userFieldChecks: { [K in keyof User]-?: (value: unknown) => boolean } = {
  id: isString,
  email: isString,
  name: isStringOrNull,
  firstName: isStringOrNull,
  lastName: isStringOrNull,
  profileImageUrl: isStringOrNull,
  emailVerified: isBoolean,
  preferredLanguage: isLanguage,
  budgetAlertEmails: isBoolean,
  twoFactorEnabled: isBoolean,
  createdAt: isString,
  updatedAt: isString,
};

/** Only the user's own fields, when every one has its type; else undefined. */
export function asUser(value: unknown): User | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const user: Record<string, unknown> = {};
  for (const [key, check] of Object.entries(userFieldChecks)) {
    if (!check(record[key])) return undefined;
    user[key] = record[key];
  }
  return user as User;
}

/** The stored user, or null when there is none or it no longer has the user's shape. */
export function readStoredUser(): User | null {
  try {
    const raw = storage()?.getItem(storedUserKey);
    if (!raw) return null;
    return asUser(JSON.parse(raw)) ?? null;
  } catch {
    return null;
  }
}

/**
 * Whether a user is stored, without reading it: enough to guess that the visitor is signed in
 * (main.tsx's early calls), and far cheaper than validating the copy.
 */
export function hasStoredUser(): boolean {
  try {
    return Boolean(storage()?.getItem(storedUserKey));
  } catch {
    return false;
  }
}

/**
 * Whether the visitor is most likely signed in: a stored user, or the server's mark on the page
 * (#root's data-session: the request had a session cookie, server/http/web-app.ts) in a browser
 * with none stored (a new device, cleared storage). Either way the user's answer decides what
 * shows; this only lets the screen's calls and files leave before it
 * (docs/internals/web.md#a-cold-signed-in-visit).
 */
export function probablySignedIn(): boolean {
  return hasStoredUser() || document.getElementById("root")?.dataset.session !== undefined;
}

/** Only the user's own fields are written (asUser drops the rest), never a token. */
export function storeUser(user: User) {
  try {
    const own = asUser(user);
    if (own) storage()?.setItem(storedUserKey, JSON.stringify(own));
  } catch {
    // A full or blocked storage only costs the fast first paint.
  }
}

export function clearStoredUser() {
  try {
    storage()?.removeItem(storedUserKey);
  } catch {
    // Nothing stored that could be cleared.
  }
}

/**
 * What the header calls the user: the first name, else the e-mail, else the translated word
 * "Profile".
 */
export function displayName(
  user: Pick<User, "firstName" | "email"> | null | undefined,
  profileLabel: string,
): string {
  const firstName = user?.firstName?.trim();
  if (firstName) return firstName;
  const email = user?.email?.trim();
  if (email) return email;
  return profileLabel;
}

/** How long logout waits for the saved screens to be deleted before it leaves anyway. */
const CLEAR_WAIT_MS = 2000;

/**
 * A full browser navigation: the server ends the session and redirects, and every cache goes,
 * the screens saved for offline use first (docs/product.md#offline). The server's answer also
 * clears the origin's storage (Clear-Site-Data), unless `keepQueue`: the person chose to sign
 * out with expenses still waiting on this device, which stay (docs/product.md#signing-out).
 */
export async function logout({ keepQueue = false }: { keepQueue?: boolean } = {}) {
  clearStoredUser();
  await Promise.race([
    // Loaded here, not imported: auth.ts is part of the landing page's download, and its budget has no room for the cache.
    import("../offline/offline-cache").then(({ clearOfflineData }) =>
      clearOfflineData({ stop: true }),
    ),
    new Promise((resolve) => setTimeout(resolve, CLEAR_WAIT_MS)),
  ]);
  window.location.href = keepQueue ? "/api/logout?keep=queue" : "/api/logout";
}
