/** Time as services see it; tests pass a controllable clock to check expiry rules. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/**
 * Today's calendar date "YYYY-MM-DD" in the process's local time zone (TZ): the day recurring
 * expenses are created up to. Read through the clock so tests choose the day.
 */
export function localToday(clock: Clock): string {
  const now = clock.now();
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
