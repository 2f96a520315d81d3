import { and, eq } from "drizzle-orm";
import type { IncomeKind } from "../../contract/incomes";
import type { IncomeRow } from "../api-rows";
import type { Db } from "../db/client";
import { parameterRuns } from "../db/parameter-runs";
import { incomes } from "../db/schema";
import { isHiddenFrom, seenInFullBy } from "../db/visible-expense";
import { AppError } from "../errors";
import {
  actorOf,
  changesBetween,
  fieldsCreated,
  fieldsDeleted,
  type HistoryActor,
  type HistoryFields,
  type NewHistoryEntry,
  namesFor,
  recordHistory,
} from "../history/record";
import type { FamilyScope } from "../http/family-scope";
import type { ChangeLog } from "../ledger/changes";

/**
 * The one door for income writes (docs/decisions/013-income-refunds-net.md,
 * docs/architecture.md#the-life-of-an-expense-write). Every path that creates, changes or deletes
 * incomes writes them here: a person's create, edit and delete, a recurring income rule's
 * occurrences, an import's credits. Each write, in the ledger's unit of work
 * (ledger/unit-of-work.ts), records its history entries (kind `income`) in the same transaction,
 * an entry about a private income shown in full to its author only (docs/product.md#income), and
 * its change, which the ledger's fan-out tells the family's screens once the transaction
 * committed (the live topic `incomes`). Every trigger an income's write fires:
 * db/triggers.api.test.ts.
 *
 * The checks of what a person sends (a member received it, an account not a card) are the
 * callers' (features/incomes/service.ts); a recurring rule was checked when it was saved.
 */

/** A new income as the door writes it; `familyId` says whose. */
export type NewIncome = {
  familyId: string;
  description: string;
  amount: string;
  kind: IncomeKind;
  date: string;
  receivedByUserId: string | null;
  paymentMethodId?: string | null;
  private?: boolean;
  /** null: the app itself (a recurring rule's occurrence). */
  addedByUserId: string | null;
  /** A recurring rule's occurrence: one per rule and date (incomes_recurring_occurrence_unique). */
  recurringRuleId?: string | null;
  recurringDate?: string | null;
  /** The client's Idempotency-Key: a second create with it is refused by its unique index. */
  idempotencyKey?: string | null;
};

/** What a change sets (checked by its caller); absent fields stay. */
export type IncomeChanges = {
  description?: string | undefined;
  amount?: string | undefined;
  kind?: IncomeKind | undefined;
  date?: string | undefined;
  receivedByUserId?: string | undefined;
  paymentMethodId?: string | null | undefined;
  private?: boolean | undefined;
};

type Names = Awaited<ReturnType<typeof namesFor>>;

/** An income as its history entries show it. */
const incomeHistoryFields = (
  row: IncomeRow,
  names: Pick<Names, "person" | "method">,
): HistoryFields => ({
  description: row.description,
  amount: row.amount,
  date: row.date,
  incomeKind: row.kind,
  receivedBy: names.person(row.receivedByUserId),
  paymentMethod: names.method(row.paymentMethodId),
});

/** Whom an income's entries are shown to in full: its author, when it is private. */
const privateToOf = (row: { private: boolean; addedByUserId: string | null }) =>
  row.private ? row.addedByUserId : null;

const namesOfRows = (db: Db, familyId: string, rows: IncomeRow[]) =>
  namesFor(db, familyId, {
    userIds: rows.map((row) => row.receivedByUserId),
    methodIds: rows.map((row) => row.paymentMethodId),
  });

/** One entry per row of one family, each with the fields `changesOf` gives. */
async function recordEntries(
  db: Db,
  familyId: string,
  actor: HistoryActor,
  rows: IncomeRow[],
  action: "created" | "deleted",
): Promise<void> {
  if (rows.length === 0) return;
  const names = await namesOfRows(db, familyId, rows);
  await recordHistory(
    db,
    rows.map(
      (row): NewHistoryEntry => ({
        familyId,
        actor,
        kind: "income",
        action,
        subjectId: row.id,
        subjectLabel: row.description,
        changes:
          action === "created"
            ? fieldsCreated(incomeHistoryFields(row, names))
            : fieldsDeleted(incomeHistoryFields(row, names)),
        privateTo: privateToOf(row),
      }),
    ),
  );
}

/**
 * Writes `rows` (one or a batch, of one family or several) and their `created` entries in `tx`,
 * one INSERT for the batch. A recurring occurrence already written (same rule and date) is
 * skipped (ON CONFLICT DO NOTHING on incomes_recurring_occurrence_unique), so a job run twice
 * writes each once. Returns the rows written.
 */
async function insertIncomes(
  tx: Db,
  rows: readonly NewIncome[],
  actor: HistoryActor,
): Promise<IncomeRow[]> {
  if (rows.length === 0) return [];
  const values = rows.map((row) => ({
    familyId: row.familyId,
    description: row.description,
    amount: row.amount,
    kind: row.kind,
    date: row.date,
    receivedByUserId: row.receivedByUserId,
    paymentMethodId: row.paymentMethodId ?? null,
    private: row.private ?? false,
    addedByUserId: row.addedByUserId,
    recurringRuleId: row.recurringRuleId ?? null,
    recurringDate: row.recurringDate ?? null,
    idempotencyKey: row.idempotencyKey ?? null,
  }));
  // An import's credits can outnumber what one statement's parameters hold (db/parameter-runs.ts).
  const written: IncomeRow[] = [];
  for (const run of parameterRuns(values, Object.keys(values[0] ?? {}).length)) {
    written.push(
      ...(await tx
        .insert(incomes)
        .values(run)
        .onConflictDoNothing({ target: [incomes.recurringRuleId, incomes.recurringDate] })
        .returning()),
    );
  }
  for (const familyId of new Set(written.map((row) => row.familyId))) {
    await recordEntries(
      tx,
      familyId,
      actor,
      written.filter((row) => row.familyId === familyId),
      "created",
    );
  }
  return written;
}

/**
 * The income writes of one unit of work (ledger/unit-of-work.ts): each records its history entry
 * with it and which family changed, for the fan-out after the commit.
 */
export class IncomeWriter {
  constructor(
    private readonly tx: Db,
    private readonly changes: ChangeLog,
  ) {}

  /** insertIncomes; each family whose incomes were written is told after the commit. */
  async insert(rows: readonly NewIncome[], actor: HistoryActor): Promise<IncomeRow[]> {
    const written = await insertIncomes(this.tx, rows, actor);
    for (const familyId of new Set(written.map((row) => row.familyId))) {
      this.changes.changed(familyId, ["incomes"]);
    }
    return written;
  }

  /**
   * Changes the caller's family's income `id`. Another member's private income is not there for
   * them (income_not_found); only its author makes an income private or shared again, and a
   * private income is received by its author (filled in when not sent; someone else refused).
   * The row is locked first, so the entry's "before" is what this change replaced; a change of
   * no field the history shows records no entry.
   */
  async update(
    scope: FamilyScope,
    id: string,
    input: IncomeChanges,
    now: Date,
  ): Promise<IncomeRow> {
    const where = and(eq(incomes.id, id), eq(incomes.familyId, scope.familyId));
    const [before] = await this.tx.select().from(incomes).where(where).for("update");
    if (!before || isHiddenFrom(before, scope.userId)) throw new AppError("income_not_found");
    if (
      input.private !== undefined &&
      input.private !== before.private &&
      before.addedByUserId !== scope.userId
    ) {
      throw privateOnlyYours("private");
    }
    const set = { ...input };
    if (input.private ?? before.private) {
      set.receivedByUserId = privateReceiver(scope.userId, input.receivedByUserId);
    }
    const [row] = await this.tx
      .update(incomes)
      .set({ ...set, updatedAt: now })
      .where(where)
      .returning();
    if (!row) throw new AppError("income_not_found");
    const names = await namesOfRows(this.tx, scope.familyId, [before, row]);
    const changes = changesBetween(
      incomeHistoryFields(before, names),
      incomeHistoryFields(row, names),
    );
    if (changes.length > 0) {
      await recordHistory(this.tx, [
        {
          familyId: scope.familyId,
          actor: actorOf(scope),
          kind: "income",
          action: "changed",
          subjectId: row.id,
          subjectLabel: row.description,
          changes,
          privateTo: privateToOf(before) ?? privateToOf(row),
        },
      ]);
    }
    this.changes.changed(scope.familyId, ["incomes"]);
    return row;
  }

  /**
   * Deletes the caller's family's income `id` with its `deleted` entry; another member's private
   * income is not there for them (income_not_found).
   */
  async delete(scope: FamilyScope, id: string): Promise<IncomeRow> {
    const [row] = await this.tx
      .delete(incomes)
      .where(
        and(
          eq(incomes.id, id),
          eq(incomes.familyId, scope.familyId),
          seenInFullBy(scope.userId, "incomes"),
        ),
      )
      .returning();
    if (!row) throw new AppError("income_not_found");
    await recordEntries(this.tx, scope.familyId, actorOf(scope), [row], "deleted");
    this.changes.changed(scope.familyId, ["incomes"]);
    return row;
  }
}

const privateOnlyYours = (path: string) =>
  new AppError("validation_error", {
    fieldErrors: [{ path, messageKey: "validation.privateIncomeOnlyYours" }],
  });

/**
 * A private income is received by the member who adds it (docs/product.md#income): their own
 * when the write names nobody, a field error when it names someone else.
 */
export function privateReceiver(authorId: string, sent: string | undefined): string {
  if (sent !== undefined && sent !== authorId) throw privateOnlyYours("receivedByUserId");
  return authorId;
}
