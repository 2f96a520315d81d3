import type { FamilyTopic } from "../../contract/live-updates";
import type { Db } from "../db/client";
import { isCheckViolation } from "../db/errors";
import { AppError } from "../errors";
import { ExpenseWriter } from "../expense-writes/writer";
import { IncomeWriter } from "../income-writes/writer";
import { ReconciliationWriter } from "../reconciliation-writes/writes";
import { SettlementWriter } from "../settlement-writes/writes";
import { BillPaymentWriter } from "../transfer-writes/bill-payments";
import { TransferWriter } from "../transfer-writes/writes";
import { ChangeLog, type ExpenseChange } from "./changes";
import { ChangeFanOut } from "./fan-out";

/**
 * One unit of work's writers, all on its transaction `tx`: each writes its rows and their history
 * entries and records what it changed in the unit's change log.
 */
export type LedgerWork = {
  tx: Db;
  expenses: ExpenseWriter;
  incomes: IncomeWriter;
  settlements: SettlementWriter;
  transfers: TransferWriter;
  /** Card bills' payments, from the card bills screen or an account's imported file. */
  billPayments: BillPaymentWriter;
  reconciliations: ReconciliationWriter;
  /**
   * A change of the family's other data (its categories, accounts, recurring rules, members,
   * notifications...), written by the caller on `tx`: its topics go out with the others.
   */
  changed(familyId: string, topics: readonly FamilyTopic[]): void;
};

/**
 * The ledger's unit of work (docs/architecture.md#the-life-of-an-expense-write): the one
 * transaction through which expenses, incomes, settlements, transfers, card bills' payments and
 * reconciliations are
 * written, and the only
 * publisher of what a family's writes changed. Each writer records typed changes
 * (changes.ts); after the COMMIT one fan-out (fan-out.ts) turns them into the live topics and the
 * alert mail outbox's nudge (subscribed in app.ts). A transaction that rolls back tells nobody.
 *
 * The family's data version, the key of the kept reads, is not moved here: the database's
 * triggers move it in the same transaction, whoever wrote (every trigger, and why, is listed in
 * db/triggers.api.test.ts).
 */
export class Ledger {
  constructor(
    /** For the reads that check a write before it is made. */
    readonly db: Db,
    private readonly fanOut: ChangeFanOut = new ChangeFanOut(),
  ) {}

  /** `work` in one transaction; what its writers changed goes out once it committed. */
  async transaction<T>(work: (unit: LedgerWork) => Promise<T>): Promise<T> {
    const log = new ChangeLog();
    const result = await this.db
      .transaction((transaction) => {
        const tx = transaction as unknown as Db;
        return work({
          tx,
          expenses: new ExpenseWriter(tx, log),
          incomes: new IncomeWriter(tx, log),
          settlements: new SettlementWriter(tx, log),
          transfers: new TransferWriter(tx, log),
          billPayments: new BillPaymentWriter(tx, log),
          reconciliations: new ReconciliationWriter(tx, log),
          changed: (familyId, topics) => log.changed(familyId, topics),
        });
      })
      .catch((error: unknown) => {
        // Another transaction's refund or price change, committed while this one ran, left less
        // room than this one's checks saw (db/functions/refunds.sql): the same answer they give.
        if (isCheckViolation(error, "expenses_refunds_within")) {
          throw new AppError("refund_too_large");
        }
        throw error;
      });
    await this.fanOut.fanOut(log.changes);
    return result;
  }

  /**
   * A change already committed by one statement of its own, with no transaction around it (a
   * person's new expense, a category renamed): it goes out now, through the same fan-out.
   */
  async changed(familyId: string, topics: readonly FamilyTopic[]): Promise<void> {
    const log = new ChangeLog();
    log.changed(familyId, topics);
    await this.fanOut.fanOut(log.changes);
  }

  /** An expense write committed by one statement of its own (ExpenseWrites.create). */
  async expensesChanged(change: ExpenseChange): Promise<void> {
    const log = new ChangeLog();
    log.expenses(change);
    await this.fanOut.fanOut(log.changes);
  }

  /**
   * Budget alerts of periods that started (features/notifications/alerts-due-job.ts): the
   * families' notifications changed and their e-mails wait in the outbox.
   */
  async alertsCameDue(familyIds: readonly string[]): Promise<void> {
    const log = new ChangeLog();
    for (const familyId of familyIds) log.alertsCameDue(familyId);
    await this.fanOut.fanOut(log.changes);
  }
}
