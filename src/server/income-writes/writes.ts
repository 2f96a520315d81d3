import type { Db } from "../db/client";
import type { Ledger } from "../ledger/unit-of-work";
import type { IncomeWriter } from "./writer";

/**
 * The incomes' entry (features/incomes, app.ts): their writes in the ledger's unit of work, whose
 * fan-out tells the families' open screens once they committed. A transaction that rolls back
 * tells nothing.
 */
export class IncomeWrites {
  constructor(private readonly ledger: Ledger) {}

  /** For the reads that check a write before it is made. */
  get db(): Db {
    return this.ledger.db;
  }

  /** `work` in one unit of work, with `write` for its income writes. */
  transaction<T>(work: (tx: Db, write: IncomeWriter) => Promise<T>): Promise<T> {
    return this.ledger.transaction((unit) => work(unit.tx, unit.incomes));
  }
}
