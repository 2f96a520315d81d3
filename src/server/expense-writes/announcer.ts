import type { FastifyBaseLogger } from "fastify";

/**
 * What an expense write tells the rest of the app once it committed (expense-writes/writes.ts):
 * which family's expenses changed, how, and which ones when the write knows them (a set-based
 * insert, an import or a recurring batch, knows only how many).
 */
export type ExpenseChange = {
  familyId: string;
  kind: "created" | "changed" | "deleted" | "restored" | "imported" | "generated";
  count: number;
  ids?: readonly string[];
};

export type ExpenseChangeListener = (change: ExpenseChange) => void;

/**
 * The typed event bus of committed expense changes. Whatever reacts to them (the alert mail
 * outbox; the live updates next) subscribes when the app is built (app.ts). A listener runs
 * synchronously after the commit, on the write's path: it only starts its own work (a nudge, a
 * push) and never throws into the write, whose change is already saved.
 */
export class ExpenseAnnouncer {
  private readonly listeners = new Set<ExpenseChangeListener>();

  constructor(private readonly log?: Pick<FastifyBaseLogger, "error">) {}

  /** Returns the unsubscribe. */
  subscribe(listener: ExpenseChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  announce(changes: readonly ExpenseChange[]): void {
    for (const change of changes) {
      if (change.count === 0) continue;
      for (const listener of this.listeners) {
        try {
          listener(change);
        } catch (error) {
          this.log?.error({ err: error, change }, "an expense change listener failed");
        }
      }
    }
  }
}
