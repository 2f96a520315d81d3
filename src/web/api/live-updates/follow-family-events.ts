import { type QueryClient, type QueryKey, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import {
  type FamilyTopic,
  liveEventNames,
  parseChangeEvent,
  parseReadyEvent,
} from "../../../contract/live-updates";
import { type ReadVersions, readVersions } from "../../lib/family-version";
import { currentUserQueryKey } from "../auth/get-current-user";
import { familyQueryOptions } from "../family/get-family";
import { familyMembersQueryKey } from "../family/get-family-members";
import { familyHistoryKey } from "../history/get-family-history";

/**
 * GET /api/events: the family's changes as the server announces them
 * (docs/decisions/009-live-updates-over-sse.md). Each topic invalidates the reads it can alter:
 * the screens on view refetch them, the others when next shown. Prefixes, as in
 * expenses/invalidate-expense-data.ts, so every month and filter is covered.
 */
const keysOfTopic: Record<FamilyTopic, readonly QueryKey[]> = {
  // An expense also moves the month's totals, may raise a budget alert, is a history entry,
  // may be a recurring bill's payment, and a card purchase is a line of a card's bill.
  expenses: [
    ["/api/expenses"],
    ["/api/summary"],
    ["/api/notifications"],
    familyHistoryKey,
    ["/api/recurring"],
    // api/card-bills' cardBillsKey, written out: importing it put that file in a chunk of its own
    // shared with the signed-in frame.
    ["/api/card-bills"],
    // A card's limit used is what its bills still owe (docs/product.md#already-committed).
    ["/api/payment-methods"],
    // A purchase in installments another member changed (api/installments' key, written out).
    ["/api/installments"],
    // Who paid and for whom move who owes whom (docs/product.md#who-owes-whom).
    ["/api/balances"],
  ],
  // Income is its list, the month's income and net, the forecast and a history entry.
  incomes: [["/api/incomes"], ["/api/summary"], familyHistoryKey],
  // Names, colours and budgets show in the lists, the totals and the rules.
  categories: [
    ["/api/categories"],
    ["/api/summary"],
    ["/api/expenses"],
    familyHistoryKey,
    ["/api/recurring"],
  ],
  // A rule's bills still to come are part of what the coming months already hold
  // (docs/product.md#already-committed): api/summary's committedKey, written out as above.
  recurring: [["/api/recurring"], familyHistoryKey, ["/api/summary", "committed"]],
  // A settlement recorded or undone (docs/product.md#who-owes-whom).
  balances: [["/api/balances"], familyHistoryKey],
  // Members, roles and names (the lists and totals show who paid), and the budget month's rule
  // (docs/product.md#budget-periods): the month shown by default, the navigation's days, and every
  // month's and the trend's figures (under "/api/summary"), published with "expenses". Each is a
  // history entry. The default split (api/shares' splitRulesQueryKey, written out as above): the
  // expense form's preview of a family expense.
  family: [
    ["/api/family"],
    familyMembersQueryKey,
    ["/api/family/split-rules"],
    ["/api/expenses"],
    ["/api/summary"],
    familyHistoryKey,
  ],
  notifications: [["/api/notifications"]],
  // The accounts and cards (docs/product.md#payment-methods): the expense lists and forms name
  // them from this one list, so a renamed or archived method needs nothing else; each change is
  // a history entry. A bill's payment is published under this topic too (a transfer, never an
  // expense: docs/decisions/011-cards-bills-installments.md), and a card's days name its bills.
  paymentMethods: [["/api/payment-methods"], familyHistoryKey, ["/api/card-bills"]],
};

export function invalidateTopics(queryClient: QueryClient, topics: readonly FamilyTopic[]) {
  const keys = new Map<string, QueryKey>();
  for (const topic of topics) {
    for (const key of keysOfTopic[topic]) keys.set(JSON.stringify(key), key);
  }
  return Promise.all(
    [...keys.values()].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

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
