// The join confirmation screen, where the server sends a signed-out visitor of an invite link
// (docs/product.md#joining-by-link), so that screen survives the login. The invite link itself is
// still understood, from a /login?next= address of an earlier version, but leads to the screen.
const screenPrefix = "/join/";
const linkPrefix = "/api/family/join/";

/**
 * Where to continue after signing in: only the join confirmation screen. Anything else, another
 * origin included, is ignored, so a crafted link cannot send people off-site after they log in;
 * and an invite link becomes its confirmation screen, since the app's own navigation to the link
 * would join in one step: a crafted /login?next=/api/family/join/CODE must not make someone a
 * member of a stranger's family just by signing in.
 */
export function joinContinuation(next: string | null | undefined, origin: string): string | null {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return null;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const { pathname } = url;
  for (const prefix of [screenPrefix, linkPrefix]) {
    if (pathname.startsWith(prefix) && pathname.length > prefix.length) {
      return `${screenPrefix}${pathname.slice(prefix.length)}`;
    }
  }
  return null;
}

/** `path` carrying the invite continuation along, when there is a valid one. */
export function withNext(path: string, next: string | null | undefined, origin: string): string {
  const continuation = joinContinuation(next, origin);
  if (!continuation) return path;
  return `${path}?${new URLSearchParams({ next: continuation })}`;
}
