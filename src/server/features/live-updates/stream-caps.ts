import { AppError } from "../../errors";

/**
 * How many event streams this process holds open at once, in all and per client IP
 * (STREAMS_MAX, STREAMS_PER_IP; docs/decisions/009-live-updates-over-sse.md, "Bounded"). Each
 * holds a socket and its buffers for hours: without a cap one client could open them until the
 * process runs out of sockets or memory for everyone. The per-user cap (MAX_STREAMS_PER_USER)
 * stops one account; this one stops many accounts from one address, and all of them together.
 */
export class StreamCaps {
  private total = 0;
  private readonly byIp = new Map<string, number>();

  constructor(private readonly limits: { max: number; perIp: number }) {}

  /** Takes a place for a stream from `ip`, or throws; the function returned gives it back once. */
  take(ip: string): () => void {
    const fromIp = this.byIp.get(ip) ?? 0;
    if (fromIp >= this.limits.perIp) {
      throw new AppError("too_many_streams", {
        messageKey: "errors.too_many_streams_from_network",
      });
    }
    // The server's own limit, not the caller's fault: 503, and EventSource's retry comes back.
    if (this.total >= this.limits.max) {
      throw new AppError("service_unavailable", { messageKey: "errors.streams_full" });
    }
    this.total += 1;
    this.byIp.set(ip, fromIp + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.byIp.get(ip) ?? 1) - 1;
      if (left > 0) this.byIp.set(ip, left);
      else this.byIp.delete(ip);
    };
  }
}
