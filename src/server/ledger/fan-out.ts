import type { FastifyBaseLogger } from "fastify";
import type { FamilyChange } from "./changes";

export type FamilyChangeListener = (changes: readonly FamilyChange[]) => void | Promise<void>;

/**
 * The one place committed changes go out (docs/architecture.md#the-life-of-an-expense-write):
 * whatever reacts to them (the family's live updates, the alert mail outbox) subscribes when the
 * app is built (app.ts) and hears each unit of work's changes together, once it committed.
 * Listeners run on the write's path, which waits for them: the live updates' publish is one short
 * statement, and a writer that has its answer knows the family's other screens were told. A
 * listener never fails the write, whose change is already saved.
 */
export class ChangeFanOut {
  private readonly listeners = new Set<FamilyChangeListener>();

  constructor(private readonly log?: Pick<FastifyBaseLogger, "error">) {}

  /** Returns the unsubscribe. */
  subscribe(listener: FamilyChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async fanOut(changes: readonly FamilyChange[]): Promise<void> {
    if (changes.length === 0) return;
    const running: Promise<void>[] = [];
    for (const listener of this.listeners) {
      const failed = (error: unknown) =>
        this.log?.error({ err: error, changes }, "a listener of committed changes failed");
      try {
        const result = listener(changes);
        if (result) running.push(result.catch(failed));
      } catch (error) {
        failed(error);
      }
    }
    await Promise.all(running);
  }
}

/**
 * The topics of `changes` by family, each family once: one live event per family however many
 * writers of one unit of work touched it.
 */
export function topicsByFamily(
  changes: readonly FamilyChange[],
): Map<string, FamilyChange["topics"]> {
  const byFamily = new Map<string, Set<FamilyChange["topics"][number]>>();
  for (const change of changes) {
    const topics = byFamily.get(change.familyId) ?? new Set();
    for (const topic of change.topics) topics.add(topic);
    byFamily.set(change.familyId, topics);
  }
  return new Map([...byFamily].map(([familyId, topics]) => [familyId, [...topics]]));
}
