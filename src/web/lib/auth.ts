import { type User, userSchema } from "../../contract/user";
import { clearOfflineData } from "./offline-cache";

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

/** The stored user, or null when there is none or it no longer has the user's shape. */
export function readStoredUser(): User | null {
  try {
    const raw = storage()?.getItem(storedUserKey);
    if (!raw) return null;
    const parsed = userSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
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

/** Only the user's own fields are written (the schema strips the rest), never a token. */
export function storeUser(user: User) {
  try {
    const parsed = userSchema.safeParse(user);
    if (parsed.success) storage()?.setItem(storedUserKey, JSON.stringify(parsed.data));
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
 * the screens saved for offline use first (docs/product.md#offline).
 */
export async function logout() {
  clearStoredUser();
  await Promise.race([
    clearOfflineData({ stop: true }),
    new Promise((resolve) => setTimeout(resolve, CLEAR_WAIT_MS)),
  ]);
  window.location.href = "/api/logout";
}
