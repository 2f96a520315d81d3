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

export type ExpenseChangeListener = (change: ExpenseChange) => void | Promise<void>;

/**
 * The typed event bus of committed expense changes. Whatever reacts to them (the alert mail
 * outbox, the family's live updates) subscribes when the app is built (app.ts). Listeners run
 * after the commit, on the write's path, which waits for them: the live updates' publish is one
 * short statement, and a writer that has its answer knows the family's other screens were told.
 * A listener never fails the write, whose change is already saved.
 */
export class ExpenseAnnouncer {
  private readonly listeners = new Set<ExpenseChangeListener>();

  constructor(private readonly log?: Pick<FastifyBaseLogger, "error">) {}

  /** Returns the unsubscribe. */
  subscribe(listener: ExpenseChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async announce(changes: readonly ExpenseChange[]): Promise<void> {
    const running: Promise<void>[] = [];
    for (const change of changes) {
      if (change.count === 0) continue;
      for (const listener of this.listeners) {
        const failed = (error: unknown) =>
          this.log?.error({ err: error, change }, "an expense change listener failed");
        try {
          const result = listener(change);
          if (result) running.push(result.catch(failed));
        } catch (error) {
          failed(error);
        }
      }
    }
    await Promise.all(running);
  }
}
