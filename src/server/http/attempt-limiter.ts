import type { Clock } from "../clock";

/**
 * Fixed-window attempt counters for the rate limits of docs/product.md#rate-limits. Written here rather than
 * taken from @fastify/rate-limit because a login limit must count failures only (a household
 * signing in all day must not be locked out) and because its windows follow the injected clock,
 * so tests can prove a window ends. Counters live in the process: with several app processes each
 * applies the limits on its own (see docs/decisions/002-rate-limits.md).
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly windowMs: number,
    private readonly max: number,
  ) {}

  private current(key: string) {
    const now = this.clock.now().getTime();
    const window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) return undefined;
    return window;
  }

  isBlocked(key: string): boolean {
    return (this.current(key)?.count ?? 0) >= this.max;
  }

  record(key: string): void {
    const window = this.current(key);
    if (window) {
      window.count += 1;
      return;
    }
    if (this.windows.size > 50_000) this.prune();
    this.windows.set(key, { start: this.clock.now().getTime(), count: 1 });
  }

  /** Counts an attempt and says whether it went over the limit. */
  hit(key: string): boolean {
    this.record(key);
    return (this.current(key)?.count ?? 0) > this.max;
  }

  private prune() {
    const now = this.clock.now().getTime();
    for (const [key, window] of this.windows) {
      if (now - window.start >= this.windowMs) this.windows.delete(key);
    }
  }
}
