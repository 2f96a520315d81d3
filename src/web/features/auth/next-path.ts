// The invite link itself (opened directly), or the join confirmation screen (an invite link
// opened from another site; docs/product.md#joining-by-link), so that screen survives the login.
const joinPrefixes = ["/api/family/join/", "/join/"];

/**
 * Where to continue after signing in: only an invite link of this app or its confirmation screen
 * (the server sends a signed-out visitor to /login?next=/api/family/join/CODE or
 * /login?next=/join/CODE). Anything else, another origin included, is ignored, so a crafted link
 * cannot send people off-site after they log in.
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
  if (
    !joinPrefixes.some((prefix) => pathname.startsWith(prefix) && pathname.length > prefix.length)
  ) {
    return null;
  }
  return `${url.pathname}${url.search}`;
}

/** `path` carrying the invite continuation along, when there is a valid one. */
export function withNext(path: string, next: string | null | undefined, origin: string): string {
  const continuation = joinContinuation(next, origin);
  if (!continuation) return path;
  return `${path}?${new URLSearchParams({ next: continuation })}`;
}
