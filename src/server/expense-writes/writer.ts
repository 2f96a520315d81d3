import type { Db } from "../db/client";
import type { ChangeLog } from "../ledger/changes";
import { moveBill } from "./bill-moves";
import { seedExamples } from "./create";
import { deleteAllOf, deleteExpenses, updateExpense } from "./edits";
import { importLines } from "./import-lines";
import { createSeries, deleteSeries, payOffSeries, updateSeries } from "./installments";
import { recategorise } from "./recategorise";
import { generate } from "./recurring";
import { createRefund } from "./refunds";
import { restore } from "./restore";
import type { WriteContext } from "./rows";

type Path<F> = F extends (w: WriteContext, ...args: infer A) => infer R ? (...args: A) => R : never;

/**
 * The expense writes of one unit of work (ledger/unit-of-work.ts): each writes its rows and
 * their history entries with the transaction, and records what it changed for the fan-out after
 * the commit. Each path is a file of its own, with its tests; this is their one entry.
 */
export class ExpenseWriter {
  private readonly w: WriteContext;

  constructor(tx: Db, changes: ChangeLog) {
    this.w = { tx, changes };
  }

  /** A person's edit (edits.ts). */
  readonly update: Path<typeof updateExpense> = (...args) => updateExpense(this.w, ...args);
  /** A person's delete, the examples cleared, a member's expenses (edits.ts). */
  readonly delete: Path<typeof deleteExpenses> = (...args) => deleteExpenses(this.w, ...args);
  /** A family deleted with everything in it (edits.ts). */
  readonly deleteAllOf: Path<typeof deleteAllOf> = (...args) => deleteAllOf(this.w, ...args);
  /** A new family's examples (create.ts). */
  readonly seedExamples: Path<typeof seedExamples> = (...args) => seedExamples(this.w, ...args);
  /** A refund of a purchase (refunds.ts). */
  readonly createRefund: Path<typeof createRefund> = (...args) => createRefund(this.w, ...args);
  /** A card purchase moved to the previous or next bill (bill-moves.ts). */
  readonly moveBill: Path<typeof moveBill> = (...args) => moveBill(this.w, ...args);
  /** A deleted expense restored from the history (restore.ts). */
  readonly restore: Path<typeof restore> = (...args) => restore(this.w, ...args);
  /** A purchase in installments (installments.ts). */
  readonly createSeries: Path<typeof createSeries> = (...args) => createSeries(this.w, ...args);
  readonly updateSeries: Path<typeof updateSeries> = (...args) => updateSeries(this.w, ...args);
  readonly deleteSeries: Path<typeof deleteSeries> = (...args) => deleteSeries(this.w, ...args);
  readonly payOffSeries: Path<typeof payOffSeries> = (...args) => payOffSeries(this.w, ...args);
  /** A CSV import's lines (import-lines.ts). */
  readonly importLines: Path<typeof importLines> = (...args) => importLines(this.w, ...args);
  /** A recurring batch's expenses (recurring.ts). */
  readonly generate: Path<typeof generate> = (...args) => generate(this.w, ...args);
  /** A category rule applied to past expenses (recategorise.ts). */
  readonly recategorise: Path<typeof recategorise> = (...args) => recategorise(this.w, ...args);
}
