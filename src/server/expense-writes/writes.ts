import type { CreateExpenseInput } from "../../contract/expenses";
import type { ExpenseRow } from "../api-rows";
import type { Db } from "../db/client";
import type { FamilyScope } from "../http/family-scope";
import type { Ledger, LedgerWork } from "../ledger/unit-of-work";
import type { CardDays } from "./card-bill";
import { createExpense } from "./create";
import type { ExpenseWriter } from "./writer";

/**
 * The one door for expense writes (docs/architecture.md#the-life-of-an-expense-write). Every
 * path that creates, changes or deletes expenses writes them here: a person's create, edit and
 * delete, clearing the examples, a member removed with their expenses, a family deleted, a new
 * family's examples, a CSV import, a recurring rule's expenses and a restore from the history.
 * Each path is a file of its own, with its tests: create.ts (a person's create, a new family's
 * examples), edits.ts (an edit, a delete, the deletes of many), refunds.ts, installments.ts,
 * import-lines.ts, recurring.ts, restore.ts and bill-moves.ts; rows.ts is what they share, and
 * writer.ts their entry in a unit of work (`ExpenseWriter`). Each write, in the ledger's unit of
 * work (ledger/unit-of-work.ts, which `ExpenseWrites.transaction` opens) or alone, for a person's
 * create:
 *
 * 1. writes the rows, in the statement shape its path is measured at (one statement for a
 *    create; one set-based insert for an import and for a recurring batch, whatever their size:
 *    src/server/http/request-cost.api.test.ts);
 * 2. records their history entry in the same transaction (docs/product.md#family-history);
 * 3. records what it changed (ledger/changes.ts); once the transaction has committed, the
 *    ledger's one fan-out (ledger/fan-out.ts) tells whatever reacts, subscribed in app.ts: the
 *    family's live updates, the alert mail outbox. A transaction that rolls back tells nobody.
 *
 * Budget alerts are not decided here. The database's statement-level trigger
 * (src/server/db/functions/budget-alerts.sql; docs/decisions/008-budget-alerts-in-sql.md) decides
 * them in the same transaction as the write, whoever wrote the expenses (psql too), and queues
 * their e-mails; the fan-out after the commit is what has the outbox send them now rather than
 * at its next poll. The family's data version, which the kept read bodies are keyed on
 * (http/family-json-cache.ts), is moved by the database in the same way, so nothing here clears a
 * cache. Every trigger the expenses' writes fire, and why: db/triggers.api.test.ts.
 *
 * What the database changes by itself is not a write of this module: a deleted category or
 * account leaves its expenses without it (ON DELETE SET NULL).
 */
export class ExpenseWrites {
  constructor(private readonly ledger: Ledger) {}

  /** For the reads that check a write before it is made. */
  get db(): Db {
    return this.ledger.db;
  }

  /**
   * `work` in the ledger's unit of work (ledger/unit-of-work.ts): `tx` for its other statements,
   * `write` for its expense writes, `unit` for the unit's other writers (an import's incomes).
   * What they changed is told once the transaction committed, never if it rolled back.
   */
  transaction<T>(work: (tx: Db, write: ExpenseWriter, unit: LedgerWork) => Promise<T>): Promise<T> {
    return this.ledger.transaction((unit) => work(unit.tx, unit.expenses, unit));
  }

  /**
   * A person's new expense and its history entry in one statement, with no transaction around it:
   * the commonest write (history/record.ts, historyCte). The caller has checked the category, the
   * payer and the payment method and passes the names the entry shows, and the card's days when
   * it is a card purchase: its bill is found or made first (card-bill.ts), one statement more. The
   * database's errors (the Idempotency-Key already used, the category deleted meanwhile, the
   * family's expense cap under `maxExpenses`: create.ts) are thrown for the caller to answer.
   */
  async create(
    scope: FamilyScope,
    input: CreateExpenseInput & { paidByUserId: string; idempotencyKey: string | undefined },
    names: {
      category: string;
      payer: string | null;
      paymentMethod?: string | null;
      forWhom?: string | null;
    },
    options: { maxExpenses: number; card?: CardDays | null },
  ): Promise<ExpenseRow> {
    const row = await createExpense(this.db, scope, input, names, options);
    await this.ledger.expensesChanged({
      familyId: scope.familyId,
      kind: "created",
      count: 1,
      ids: [row.id],
    });
    return row;
  }
}
