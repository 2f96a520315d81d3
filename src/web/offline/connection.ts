import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

/**
 * Whether the app can reach the server, for the offline marker (docs/product.md#offline). The
 * browser's own flag (navigator.onLine and its 'online'/'offline' events, which TanStack Query's
 * onlineManager follows and which pause the queries) says "no network"; a call that failed without
 * an answer says "network, but no server" (a captive portal, the server down). The next call that
 * gets any answer clears the latter.
 */
let callFailed = false;
const listeners = new Set<() => void>();

/** From lib/api-client.ts: whether a call got an answer (any status) or failed on the way. */
export function reportCallOutcome(answered: boolean) {
  if (callFailed === !answered) return;
  callFailed = !answered;
  for (const listener of listeners) listener();
}

/**
 * TanStack Query assumes it is online until an 'offline' event says otherwise; an app opened
 * without a network never gets that event, so the start (start-calls.ts) tells it the truth.
 */
export function syncOnlineState() {
  if (typeof navigator !== "undefined") onlineManager.setOnline(navigator.onLine);
}

export function isOffline(): boolean {
  return !onlineManager.isOnline() || callFailed;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const unsubscribe = onlineManager.subscribe(listener);
  return () => {
    listeners.delete(listener);
    unsubscribe();
  };
}

export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}
