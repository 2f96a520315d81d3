import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { liveEventNames, parseChangeEvent, parseReadyEvent } from "../../../contract/live-updates";
import { type ReadVersions, readVersions } from "../../lib/family-version";
import { invalidateTopics } from "../../lib/query-keys";
import { currentUserQueryKey } from "../auth/get-current-user";
import { familyQueryOptions } from "../family/get-family";

// GET /api/events: the family's changes as the server announces them
// (docs/decisions/009-live-updates-over-sse.md). Each topic invalidates the reads it can alter,
// as lib/query-keys.ts lists them for the writer's own mutations too.

/** A dropped stream is opened again after this, doubled on each failure up to the last. */
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;

/** The part of EventSource used here (a stand-in in the tests). */
export type EventSourceLike = {
  readonly readyState: number;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
};

export type FollowOptions = {
  open?: (url: string) => EventSourceLike;
  /** The window whose focus, visibility and connection are watched. */
  target?: Pick<Window, "addEventListener" | "removeEventListener">;
  isVisible?: () => boolean;
  /** The versions of the family's data the reads answered at (lib/family-version.ts). */
  reads?: ReadVersions;
};

/**
 * Follows the family's events until the returned function is called. Whenever events may have
 * been missed (a reconnection after a drop, a laptop that slept, a tab in the background whose
 * stream the browser cut or the server ended, the server's own resync), every read is
 * invalidated: the screen is never older than the last event it could have heard. The first
 * stream opens after the screen's reads: its `ready` carries the family's data version once the
 * server listened, and reads that answered at an older one (or none recorded, a screen restored
 * from the offline copy) are refetched, so a change committed in between is not lost.
 */
export function followFamilyEvents(queryClient: QueryClient, options: FollowOptions = {}) {
  const open = options.open ?? ((url: string) => new EventSource(url));
  const target = options.target ?? window;
  const isVisible = options.isVisible ?? (() => document.visibilityState === "visible");
  const reads = options.reads ?? readVersions;
  let source: EventSourceLike | undefined;
  let heardBefore = false;
  /** The version the last `ready` named: a read that answers older, begun before, is refetched. */
  let streamVersion: number | undefined;
  let retryMs = FIRST_RETRY_MS;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const refetchAll = () => void queryClient.invalidateQueries();

  const connect = () => {
    if (stopped) return;
    clearTimeout(retry);
    retry = undefined;
    source?.close();
    const current = open("/api/events");
    source = current;
    current.addEventListener(liveEventNames.ready, (event) => {
      retryMs = FIRST_RETRY_MS;
      const version = parseReadyEvent(event.data)?.version;
      const oldest = reads.oldest();
      if (heardBefore || version === undefined || oldest === undefined || oldest < version) {
        refetchAll();
      }
      if (version !== undefined) streamVersion = version;
      heardBefore = true;
    });
    current.addEventListener(liveEventNames.change, (event) => {
      const change = parseChangeEvent(event.data);
      if (change) void invalidateTopics(queryClient, change.topics);
    });
    current.addEventListener(liveEventNames.resync, refetchAll);
    current.onerror = () => {
      // EventSource retries a dropped connection by itself; it gives up (CLOSED) when the
      // server answers an error, such as a session that ended or a family left.
      if (current.readyState !== 2 || stopped) return;
      // Whether the caller is still signed in (and in a family) is the app's to find out.
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      void queryClient.invalidateQueries({ queryKey: familyQueryOptions().queryKey });
      retry = setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    };
  };

  const wake = () => {
    if (stopped || !isVisible()) return;
    // Open (1): events have been flowing. Otherwise reconnect now, and refetch on ready.
    if (source?.readyState !== 1) connect();
  };

  // A read sent before the stream listened may answer after its `ready`: older, it is refetched.
  const stopReads = reads.onRead((version) => {
    if (streamVersion !== undefined && version < streamVersion) refetchAll();
  });
  connect();
  target.addEventListener("focus", wake);
  target.addEventListener("online", wake);
  target.addEventListener("visibilitychange", wake);
  return () => {
    stopped = true;
    stopReads();
    clearTimeout(retry);
    source?.close();
    target.removeEventListener("focus", wake);
    target.removeEventListener("online", wake);
    target.removeEventListener("visibilitychange", wake);
  };
}

/** Follows the family's events while the signed-in user has a family. */
export function useFamilyEvents() {
  const queryClient = useQueryClient();
  const { data: family } = useQuery(familyQueryOptions());
  const familyId = family?.id;
  useEffect(() => {
    if (!familyId || typeof EventSource === "undefined") return;
    return followFamilyEvents(queryClient);
  }, [familyId, queryClient]);
}
