/** Time as services see it; tests pass a controllable clock to check expiry rules. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
