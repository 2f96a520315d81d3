/**
 * A fresh Idempotency-Key: for an expense's create call, an import's commit, and an expense kept
 * on the device (offline/browser-queue.ts). crypto.randomUUID exists only in secure contexts, and
 * the app may be served over plain http on a home network (HOST=0.0.0.0), so fall back to
 * getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
