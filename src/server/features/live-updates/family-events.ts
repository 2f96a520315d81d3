import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import type { FamilyTopic } from "../../../contract/live-updates";
import { AppError } from "../../errors";

/**
 * "What changed in this family", across every app process on one database, through PostgreSQL's
 * LISTEN/NOTIFY: no other server for an operator to run (docs/decisions/009-live-updates-over-sse.md).
 *
 * A write publishes once it has committed, through the ledger's one fan-out (ledger/fan-out.ts,
 * subscribed in app.ts); the notification goes out on the pool and comes back to every process,
 * this one included, on one listening connection per process, which hands it to the streams open
 * here. It carries ids and topic names only.
 */

const CHANNEL = "family_events";
/** The reconnection's waits after a lost listening connection: doubled up to this. */
const MAX_RETRY_MS = 10_000;
const FIRST_RETRY_MS = 250;

/** One open stream's side: which family and user it follows, and what it does on each event. */
export type FamilyEventListener = {
  familyId: string;
  userId: string;
  /** A change in the family committed. */
  changed(topics: FamilyTopic[]): void;
  /** The user's sessions or membership may have changed: the stream checks it still may run. */
  accessChanged(): void;
  /** Notifications may have been lost meanwhile (the listening connection dropped). */
  resync(): void;
};

type Wire = { f?: string; u?: string; t: string[] };

export class FamilyEvents {
  private readonly listeners = new Set<FamilyEventListener>();
  /** The same listeners by family and by user: a notification visits only its own streams. */
  private readonly byFamily = new Map<string, Set<FamilyEventListener>>();
  private readonly byUser = new Map<string, Set<FamilyEventListener>>();
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private retryMs = FIRST_RETRY_MS;
  private everListened = false;
  private closed = false;

  /** Without a pool (an app built on the previous version's PGlite, only to import it) nothing is heard. */
  constructor(
    private readonly pool: pg.Pool | undefined,
    private readonly log: Pick<FastifyBaseLogger, "error" | "warn">,
  ) {}

  /**
   * After a family's data changed and committed; settles once the notification is sent, so the
   * writer's answer comes after it. Never rejects: the write is saved whatever happens here.
   */
  async publish(familyId: string, topics: readonly FamilyTopic[]): Promise<void> {
    if (topics.length > 0) await this.notify({ f: familyId, t: [...topics] });
  }

  /** After a user's sessions ended or their family membership changed. */
  async accessChanged(userIds: readonly string[]): Promise<void> {
    for (const userId of new Set(userIds)) await this.notify({ u: userId, t: [] });
  }

  private async notify(payload: Wire) {
    if (!this.pool) return;
    try {
      await this.pool.query("select pg_notify($1, $2)", [CHANNEL, JSON.stringify(payload)]);
    } catch (error) {
      // The change is saved; the member's screens catch up when they next refetch.
      this.log.error({ err: error }, "a family event could not be published");
    }
  }

  /**
   * Follows a family's events; settles once the process listens, so every change committed after
   * it settles reaches `listener`. Returns the unsubscribe.
   */
  async subscribe(listener: FamilyEventListener): Promise<() => void> {
    this.listeners.add(listener);
    addTo(this.byFamily, listener.familyId, listener);
    addTo(this.byUser, listener.userId, listener);
    const unsubscribe = () => {
      this.listeners.delete(listener);
      removeFrom(this.byFamily, listener.familyId, listener);
      removeFrom(this.byUser, listener.userId, listener);
    };
    try {
      await this.listen();
    } catch (error) {
      unsubscribe();
      throw error;
    }
    return unsubscribe;
  }

  /** Open streams in this process (for the tests and the benchmark). */
  get size(): number {
    return this.listeners.size;
  }

  private listen(): Promise<void> {
    if (this.closed) return Promise.reject(new Error("the app is closing"));
    if (this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async connect() {
    if (!this.pool) throw new AppError("service_unavailable");
    const client = new pg.Client(this.pool.options);
    client.on("notification", (message) => {
      if (message.channel === CHANNEL && message.payload) this.dispatch(message.payload);
    });
    client.on("error", () => this.lost(client));
    client.on("end", () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      client.removeAllListeners("end");
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.retryMs = FIRST_RETRY_MS;
    // Back after a loss: what was published meanwhile never came, so every stream refetches.
    if (this.everListened) for (const listener of this.listeners) listener.resync();
    this.everListened = true;
  }

  private lost(client: pg.Client) {
    if (this.client !== client) return;
    this.client = undefined;
    client.removeAllListeners("end");
    void client.end().catch(() => {});
    if (this.closed) return;
    this.log.warn("the family events' listening connection was lost; reconnecting");
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.retry || this.closed || this.listeners.size === 0) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.listen().catch((error: unknown) => {
        this.log.warn({ err: error }, "the family events could not listen yet");
        this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
        this.scheduleReconnect();
      });
    }, this.retryMs);
    this.retry.unref();
  }

  private dispatch(payload: string) {
    let wire: Wire;
    try {
      wire = JSON.parse(payload) as Wire;
    } catch {
      return;
    }
    const reached =
      wire.u !== undefined ? this.byUser.get(wire.u) : this.byFamily.get(wire.f ?? "");
    for (const listener of [...(reached ?? [])]) {
      try {
        if (wire.u !== undefined) {
          listener.accessChanged();
        } else {
          // A family's membership changed: each member's stream checks it may still follow it.
          if (wire.t.includes("family")) listener.accessChanged();
          listener.changed(wire.t as FamilyTopic[]);
        }
      } catch (error) {
        this.log.error({ err: error }, "a family event listener failed");
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    await this.connecting?.catch(() => {});
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners("end");
      await client.end().catch(() => {});
    }
    this.listeners.clear();
    this.byFamily.clear();
    this.byUser.clear();
  }
}

function addTo<T>(map: Map<string, Set<T>>, key: string, value: T) {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

function removeFrom<T>(map: Map<string, Set<T>>, key: string, value: T) {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}
