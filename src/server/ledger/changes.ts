import type { FamilyTopic } from "../../contract/live-updates";

/**
 * What an expense write changed (expense-writes/): which family's expenses, how, and which ones
 * when the write knows them (a set-based insert, an import or a recurring batch, knows only how
 * many).
 */
export type ExpenseChange = {
  familyId: string;
  kind: "created" | "changed" | "deleted" | "restored" | "imported" | "generated";
  count: number;
  ids?: readonly string[];
};

/**
 * One change a unit of work recorded (unit-of-work.ts): the family whose screens are told, the
 * live topics their reads are grouped under (contract/live-updates.ts), and, for an expense
 * write, what it did, which the alert mail outbox reacts to.
 */
export type FamilyChange = {
  familyId: string;
  topics: readonly FamilyTopic[];
  expenses?: ExpenseChange;
  /** Budget alerts came due without a write (their period started): their e-mails wait. */
  alertsDue?: true;
};

/**
 * The changes of one unit of work, kept while its transaction runs and handed to the fan-out
 * (fan-out.ts) once it committed; a transaction that rolls back drops them with it.
 */
export class ChangeLog {
  private readonly recorded: FamilyChange[] = [];

  /** An expense write's change; a write of no row tells nobody. */
  expenses(change: ExpenseChange): void {
    if (change.count > 0) {
      this.recorded.push({ familyId: change.familyId, topics: ["expenses"], expenses: change });
    }
  }

  /** Any other change of the family's data, under its live topics. */
  changed(familyId: string, topics: readonly FamilyTopic[]): void {
    if (topics.length > 0) this.recorded.push({ familyId, topics });
  }

  /** Budget alerts of a period that started: the family's notifications, and their e-mails. */
  alertsCameDue(familyId: string): void {
    this.recorded.push({ familyId, topics: ["notifications"], alertsDue: true });
  }

  get changes(): readonly FamilyChange[] {
    return this.recorded;
  }
}
