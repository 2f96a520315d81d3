/**
 * What the family's event stream (GET /api/events, docs/decisions/009-live-updates-over-sse.md)
 * tells a member's screens: which parts of the family's data changed, never the data itself.
 * Zod-free, since the web's signed-in frame reads it on every screen.
 */
export const familyTopics = [
  "expenses",
  "categories",
  "recurring",
  "family",
  "notifications",
  "paymentMethods",
  /** Settlements between members (docs/product.md#who-owes-whom); balances also follow expenses. */
  "balances",
  /** What comes in (docs/decisions/013-income-refunds-net.md); the month's net follows it. */
  "incomes",
] as const;
export type FamilyTopic = (typeof familyTopics)[number];

/** The stream's events, by their SSE `event:` name. */
export const liveEventNames = {
  /**
   * Subscribed: every change committed from now on will follow. `data` is a ReadyEvent: the
   * family's data version read after subscribing, which a screen whose reads answered at an older
   * version compares to catch what was committed before the stream listened.
   */
  ready: "ready",
  /** `data` is a ChangeEvent. */
  change: "change",
  /** Events may have been missed (the server lost its listening connection): refetch all. */
  resync: "resync",
} as const;

export type ChangeEvent = { topics: FamilyTopic[] };
/** `version`: families.data_version, as the `x-family-version` header of a family read says it. */
export type ReadyEvent = { version: number };

/** The response header with the family's data version a signed-in GET read (http/family-version.ts). */
export const familyVersionHeader = "x-family-version";

/** A user's open streams at once, per app process: tabs and devices, with room to spare. */
export const MAX_STREAMS_PER_USER = 10;

export function parseChangeEvent(data: string): ChangeEvent | null {
  try {
    const value = JSON.parse(data) as { topics?: unknown };
    if (!Array.isArray(value.topics)) return null;
    const topics = value.topics.filter((topic): topic is FamilyTopic =>
      (familyTopics as readonly unknown[]).includes(topic),
    );
    return { topics };
  } catch {
    return null;
  }
}

export function parseReadyEvent(data: string): ReadyEvent | null {
  try {
    const value = JSON.parse(data) as { version?: unknown };
    return Number.isSafeInteger(value.version) ? { version: value.version as number } : null;
  } catch {
    return null;
  }
}
