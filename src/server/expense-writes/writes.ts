import { randomUUID } from "node:crypto";
import { and, eq, gte, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { CreateExpenseInput, UpdateExpenseInput } from "../../contract/expenses";
import { MAX_AMOUNT_CENTS } from "../../contract/installments";
import { fromCents, toCents } from "../../contract/money";
import { FAMILY_SPLIT, type Split, splitAddsUp } from "../../contract/shares";
import { billClosingOf, neighbourClosing } from "../../domain/card-bills";
import {
  firstInstallmentDate,
  installmentDates,
  splitInstallments,
} from "../../domain/installments";
import type { ExpenseRow } from "../api-rows";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import {
  cardBills,
  categories,
  expenses,
  installmentSeries,
  paymentMethods,
  recurringRules,
  users,
} from "../db/schema";
import { isHiddenFrom, seenInFullBy } from "../db/visible-expense";
import { AppError } from "../errors";
import {
  actorOf,
  changesBetween,
  fieldsCreated,
  historyCte,
  historyInsertSql,
  namesFor,
  personNameSql,
  recordHistory,
} from "../history/record";
import type { FamilyScope } from "../http/family-scope";
import type { ChangeLog } from "../ledger/changes";
import type { Ledger, LedgerWork } from "../ledger/unit-of-work";
import { type CardDays, cardDaysOf, ensureBill, ensureBills } from "./card-bill";
import {
  type ExpenseSnapshot,
  expenseHistoryFields,
  expenseSnapshot,
  forWhomLabel,
  privateToOf,
  recordExpensesDeleted,
  splitUserIds,
} from "./expense-history";
import { privateExpenseFields } from "./private-expense";

/**
 * The one door for expense writes (docs/architecture.md#the-life-of-an-expense-write). Every path that creates, changes or
 * deletes expenses writes them here: a person's create, edit and delete, clearing the examples, a
 * member removed with their expenses, a family deleted, a new family's examples, a CSV import, a
 * recurring rule's expenses and a restore from the history. Each write, in the ledger's unit of
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
   * database's errors (the Idempotency-Key already used, the category deleted meanwhile) are
   * thrown for the caller to answer.
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
    card?: CardDays | null,
  ): Promise<ExpenseRow> {
    const bill = card
      ? await ensureBill(this.db, scope.familyId, card, billClosingOf(input.date, card.closingDay))
      : null;
    // The id is made here so the history entry can name it in the same statement.
    const id = randomUUID();
    const recorded = historyCte(this.db, [
      {
        familyId: scope.familyId,
        actor: actorOf(scope),
        kind: "expense",
        action: "created",
        subjectId: id,
        subjectLabel: input.description,
        privateTo: input.private ? scope.userId : null,
        changes: fieldsCreated({
          description: input.description,
          amount: input.amount,
          date: input.date,
          category: names.category,
          paidBy: names.payer,
          paymentMethod: names.paymentMethod ?? null,
          bill: bill?.closesOn ?? null,
          forWhom: names.forWhom ?? null,
        }),
      },
    ]);
    const [row] = await this.db
      .with(recorded)
      .insert(expenses)
      .values({
        ...input,
        id,
        familyId: scope.familyId,
        addedByUserId: scope.userId,
        billId: bill?.id ?? null,
      })
      .returning();
    if (!row) throw new AppError("internal");
    await this.ledger.expensesChanged({
      familyId: scope.familyId,
      kind: "created",
      count: 1,
      ids: [row.id],
    });
    return row;
  }
}

/** Which of a family's expenses a delete takes. */
export type ExpenseSelection = { id: string } | { examples: true } | { addedByUserId: string };

const selected = (which: ExpenseSelection): SQL => {
  if ("id" in which) return eq(expenses.id, which.id);
  if ("examples" in which) return eq(expenses.isExample, true);
  return eq(expenses.addedByUserId, which.addedByUserId);
};

type SeriesRow = typeof installmentSeries.$inferSelect;

/** A purchase in installments, checked by its service (features/expenses/installments.ts). */
export type SeriesInput = {
  /** Private to its author, each installment too (docs/product.md#private-expenses). */
  private?: boolean | undefined;
  /** The client's Idempotency-Key: a second series with it is refused by its unique index. */
  idempotencyKey?: string | undefined;
  description: string;
  total: string;
  count: number;
  firstDate: string;
  firstAmount?: string | undefined;
  categoryId: string;
  paidByUserId: string;
  paymentMethodId?: string | null | undefined;
  split?: Split | undefined;
};

/** What a change of a series' installments sets on each (checked by its service). */
export type SeriesChanges = {
  description?: string | undefined;
  amount?: string | undefined;
  categoryId?: string | undefined;
  paidByUserId?: string | undefined;
  paymentMethodId?: string | null | undefined;
  split?: Split | undefined;
};

/** A series' one history entry (docs/product.md#installments): named after the purchase. */
const seriesEntry = (
  scope: FamilyScope,
  series: { id: string; description: string; private: boolean; createdByUserId: string | null },
) =>
  ({
    familyId: scope.familyId,
    actor: actorOf(scope),
    kind: "installments",
    subjectId: series.id,
    subjectLabel: series.description,
    privateTo: series.private ? series.createdByUserId : null,
  }) as const;

/** A line of a CSV import, checked by the import (features/imports/service.ts). */
export type ImportedLine = {
  date: string;
  description: string;
  amount: string;
  categoryId: string;
  paidByUserId?: string | undefined;
  /** An installment marker's number and count, with the description folded as the lookups fold it. */
  installment?: { number: number; count: number } | undefined;
  seriesKey?: string | undefined;
};

/** What an import's lines were paid with: the method, and when a card, its days and a chosen bill. */
export type ImportPaidWith = {
  methodId: string;
  card: CardDays | null;
  billId: string | null;
};

/**
 * The expense writes of one unit of work (ledger/unit-of-work.ts): each writes its rows and
 * their history entries with the transaction, and records what it changed for the fan-out after
 * the commit.
 */
export class ExpenseWriter {
  constructor(
    private readonly tx: Db,
    private readonly changes: ChangeLog,
  ) {}

  /**
   * Partial: the fields left out keep their values. The row is locked first, so the history's
   * "before" is what this change replaced; an edit that changes no field the history shows
   * records no entry.
   */
  async update(
    scope: FamilyScope,
    id: string,
    input: UpdateExpenseInput,
    now: Date,
  ): Promise<ExpenseRow> {
    const where = and(eq(expenses.id, id), eq(expenses.familyId, scope.familyId));
    const [before] = await this.tx.select().from(expenses).where(where).for("update");
    // Another member's private expense is not there for them (docs/product.md#private-expenses).
    if (!before || isHiddenFrom(before, scope.userId)) throw new AppError("expense_not_found");
    if (before.refundOfId) {
      return this.updateRefund(scope, before, input, now);
    }
    // A purchase never costs less than what came back of it (docs/product.md#refunds).
    if (input.amount !== undefined) {
      await this.assertRefundsWithin(before.id, toCents(input.amount), 0);
    }
    const keepsPrivate = input.private ?? before.private;
    if (input.private !== undefined && input.private !== before.private) {
      // Only its author makes an expense private or shared again.
      if (before.addedByUserId !== scope.userId) {
        throw new AppError("validation_error", {
          fieldErrors: [{ path: "private", messageKey: "validation.privateOnlyYours" }],
        });
      }
    }
    // An installment is as private as its series: one alone is never made private or shared.
    if (before.seriesId && keepsPrivate !== before.private) {
      throw new AppError("validation_error", {
        fieldErrors: [{ path: "private", messageKey: "validation.privateNotInstallment" }],
      });
    }
    if (keepsPrivate) {
      Object.assign(
        input,
        privateExpenseFields(scope.userId, {
          paidByUserId: input.paidByUserId,
          split: input.split,
        }),
      );
    }
    // Typed amounts must add up to the amount, whichever of the two this change sends.
    if (!splitAddsUp(input.split ?? before.split, input.amount ?? before.amount)) {
      throw new AppError("validation_error", {
        fieldErrors: [{ path: "split", messageKey: "validation.sharesMustAddUp" }],
      });
    }
    const billId = await this.billAfterEdit(scope, before, input);
    const [row] = await this.tx
      .update(expenses)
      .set({ ...input, billId, updatedAt: now })
      .where(where)
      .returning();
    if (!row) throw new AppError("expense_not_found");
    // Shared again, its refunds (its author's, made while it was private) are shared with it: a
    // refund is as private as its purchase, so nobody can see a purchase whose refund is hidden
    // from them and delete that refund with it (docs/product.md#refunds).
    if (before.private && !row.private) {
      await this.tx
        .update(expenses)
        .set({ private: false, updatedAt: now })
        .where(and(eq(expenses.refundOfId, row.id), eq(expenses.private, true)));
    }
    return this.recordChange(scope, before, row);
  }

  /**
   * A refund of a purchase (docs/product.md#refunds): a row with the negative amount that came
   * back, on its own date, with the purchase's category, method, payer, split and privacy; on a
   * card, in the bill its own date falls in. The purchase is locked first, so two refunds written
   * at once cannot together pass its amount. Its shares are the purchase's, negated (the
   * database's expense-shares.sql).
   */
  async createRefund(
    scope: FamilyScope,
    purchaseId: string,
    input: { amount: string; date: string; description?: string | undefined },
    /** The description when none is given, from the purchase's ("Estorno: Mercado"). */
    defaultDescription: (purchase: string) => string,
  ): Promise<ExpenseRow> {
    const purchase = await this.lockedPurchase(scope, purchaseId);
    const cents = toCents(input.amount);
    await this.assertRefundsWithin(purchase.id, toCents(purchase.amount), cents);
    const card = purchase.paymentMethodId
      ? await cardDaysOf(this.tx, scope.familyId, purchase.paymentMethodId)
      : null;
    const bill = card
      ? await ensureBill(this.tx, scope.familyId, card, billClosingOf(input.date, card.closingDay))
      : null;
    const [row] = await this.tx
      .insert(expenses)
      .values({
        familyId: scope.familyId,
        description: input.description ?? defaultDescription(purchase.description),
        amount: fromCents(-cents),
        categoryId: purchase.categoryId,
        addedByUserId: scope.userId,
        paidByUserId: purchase.paidByUserId,
        paymentMethodId: purchase.paymentMethodId,
        billId: bill?.id ?? null,
        split: purchase.split,
        private: purchase.private,
        refundOfId: purchase.id,
        // Its history names the purchase by this, as it is now (db/schema.ts refundOfLabel).
        refundOfLabel: purchase.description,
        date: input.date,
      })
      .returning();
    if (!row) throw new AppError("internal");
    const names = await namesFor(this.tx, scope.familyId, {
      categoryIds: [row.categoryId],
      userIds: [row.paidByUserId, ...splitUserIds(row.split)],
      methodIds: [row.paymentMethodId],
      billIds: [row.billId],
    });
    await recordHistory(this.tx, [
      {
        familyId: scope.familyId,
        actor: actorOf(scope),
        kind: "expense",
        action: "created",
        subjectId: row.id,
        subjectLabel: row.description,
        privateTo: privateToOf(row),
        changes: fieldsCreated(expenseHistoryFields(row, names)),
      },
    ]);
    this.changes.expenses({ familyId: scope.familyId, kind: "created", count: 1, ids: [row.id] });
    return row;
  }

  /**
   * A purchase of the caller's family they may see, locked until the transaction ends; a refund
   * is not one (a refund of a refund is refused).
   */
  private async lockedPurchase(scope: FamilyScope, id: string): Promise<ExpenseRow> {
    const [purchase] = await this.tx
      .select()
      .from(expenses)
      .where(and(eq(expenses.id, id), eq(expenses.familyId, scope.familyId)))
      .for("update");
    if (!purchase || isHiddenFrom(purchase, scope.userId)) throw new AppError("expense_not_found");
    if (purchase.refundOfId) throw new AppError("refund_not_allowed");
    return purchase;
  }

  /**
   * Refuses, with refund_too_large, a purchase of `purchaseCents` whose refunds (all but
   * `except`) and `addingCents` more would pass it. The caller holds the purchase's lock.
   */
  private async assertRefundsWithin(
    purchaseId: string,
    purchaseCents: number,
    addingCents: number,
    except?: string,
  ): Promise<void> {
    const [refunded] = await this.tx
      .select({ total: sql<string>`coalesce(-sum(${expenses.amount}), 0)::text` })
      .from(expenses)
      .where(
        and(
          eq(expenses.refundOfId, purchaseId),
          except ? sql`${expenses.id} <> ${except}` : undefined,
        ),
      );
    if (toCents(refunded?.total ?? "0") + addingCents > purchaseCents) {
      throw new AppError("refund_too_large");
    }
  }

  /**
   * A refund's change (docs/product.md#refunds): its description, date and amount (the positive
   * amount that came back, kept within its purchase's). What it took from its purchase (category,
   * method, payer, split, privacy) and the purchase it returns stay: refund_not_allowed.
   */
  private async updateRefund(
    scope: FamilyScope,
    before: ExpenseRow,
    input: UpdateExpenseInput,
    now: Date,
  ): Promise<ExpenseRow> {
    const { description, amount, date, ...others } = input;
    if (Object.values(others).some((value) => value !== undefined)) {
      throw new AppError("refund_not_allowed");
    }
    const set: Partial<ExpenseRow> = {};
    if (description !== undefined) set.description = description;
    if (date !== undefined) set.date = date;
    if (amount !== undefined) {
      const purchase = await this.lockedPurchase(scope, before.refundOfId as string);
      const cents = toCents(amount);
      await this.assertRefundsWithin(purchase.id, toCents(purchase.amount), cents, before.id);
      set.amount = fromCents(-cents);
    }
    const billId = await this.billAfterEdit(scope, before, { date });
    const where = and(eq(expenses.id, before.id), eq(expenses.familyId, scope.familyId));
    const [row] = await this.tx
      .update(expenses)
      .set({ ...set, billId, updatedAt: now })
      .where(where)
      .returning();
    if (!row) throw new AppError("expense_not_found");
    return this.recordChange(scope, before, row);
  }

  /**
   * A card purchase keeps the bill it is in (moved by hand or not) until its card or its date
   * changes; then it goes to the bill its new date falls in. Anything else is in no bill.
   */
  private async billAfterEdit(
    scope: FamilyScope,
    before: ExpenseRow,
    input: UpdateExpenseInput,
  ): Promise<string | null> {
    const methodId =
      input.paymentMethodId === undefined ? before.paymentMethodId : input.paymentMethodId;
    if (!methodId) return null;
    const date = input.date ?? before.date;
    if (methodId === before.paymentMethodId && date === before.date) return before.billId;
    const card = await cardDaysOf(this.tx, scope.familyId, methodId);
    if (!card) return null;
    return (await ensureBill(this.tx, scope.familyId, card, billClosingOf(date, card.closingDay)))
      .id;
  }

  /**
   * Moves a card purchase to the bill just before or after its own (docs/product.md#card-bills):
   * the nearest bill of the card already there on that side, or the one the card's closing day
   * makes next to it, whichever is nearer. Its date, and so its budget month, stay.
   */
  async moveBill(scope: FamilyScope, id: string, to: "previous" | "next", now: Date) {
    const where = and(eq(expenses.id, id), eq(expenses.familyId, scope.familyId));
    const [before] = await this.tx.select().from(expenses).where(where).for("update");
    if (!before || isHiddenFrom(before, scope.userId)) throw new AppError("expense_not_found");
    const card = before.paymentMethodId
      ? await cardDaysOf(this.tx, scope.familyId, before.paymentMethodId)
      : null;
    const [current] = before.billId
      ? await this.tx
          .select({ closesOn: cardBills.closesOn })
          .from(cardBills)
          .where(eq(cardBills.id, before.billId))
      : [];
    if (!card || !current) throw new AppError("not_card_purchase");
    const step = to === "next" ? 1 : -1;
    const [stored] = await this.tx
      .select({ closesOn: cardBills.closesOn })
      .from(cardBills)
      .where(
        and(
          eq(cardBills.methodId, card.methodId),
          step === 1
            ? sql`${cardBills.closesOn} > ${current.closesOn}`
            : sql`${cardBills.closesOn} < ${current.closesOn}`,
        ),
      )
      .orderBy(step === 1 ? sql`${cardBills.closesOn} asc` : sql`${cardBills.closesOn} desc`)
      .limit(1);
    const natural = neighbourClosing(current.closesOn, card.closingDay, step);
    const closesOn =
      stored && (step === 1 ? stored.closesOn < natural : stored.closesOn > natural)
        ? stored.closesOn
        : natural;
    const bill = await ensureBill(this.tx, scope.familyId, card, closesOn);
    const [row] = await this.tx
      .update(expenses)
      .set({ billId: bill.id, updatedAt: now })
      .where(where)
      .returning();
    if (!row) throw new AppError("expense_not_found");
    return this.recordChange(scope, before, row);
  }

  /** The entry of a changed expense (none when no field it shows changed), and its recorded change. */
  private async recordChange(
    scope: FamilyScope,
    before: ExpenseRow,
    row: ExpenseRow,
  ): Promise<ExpenseRow> {
    const names = await namesFor(this.tx, scope.familyId, {
      categoryIds: [before.categoryId, row.categoryId],
      userIds: [
        before.paidByUserId,
        row.paidByUserId,
        ...splitUserIds(before.split),
        ...splitUserIds(row.split),
      ],
      methodIds: [before.paymentMethodId, row.paymentMethodId],
      billIds: [before.billId, row.billId],
    });
    const changes = changesBetween(
      expenseHistoryFields(before, names),
      expenseHistoryFields(row, names),
    );
    // A refund's entry names its purchase, which never changes, so its sentence can say it.
    const refundOf = row.refundOfId ? row.refundOfLabel : null;
    if (changes.length > 0 && row.refundOfId) {
      changes.push({ field: "refundOf", before: refundOf, after: refundOf });
    }
    if (changes.length > 0) {
      await recordHistory(this.tx, [
        {
          familyId: scope.familyId,
          actor: actorOf(scope),
          kind: "expense",
          action: "changed",
          subjectId: row.id,
          subjectLabel: row.description,
          changes,
          privateTo: privateToOf(before) ?? privateToOf(row),
        },
      ]);
    }
    this.changes.expenses({ familyId: scope.familyId, kind: "changed", count: 1, ids: [row.id] });
    return row;
  }

  /**
   * The caller's family's expenses `which` selects, each with an entry keeping it as it was, so
   * a member can restore it (docs/product.md#restoring-a-deleted-expense). Returns the rows.
   */
  async delete(scope: FamilyScope, which: ExpenseSelection): Promise<ExpenseRow[]> {
    const chosen = and(
      eq(expenses.familyId, scope.familyId),
      selected(which),
      // One by one or as the examples, another member's private expense is not there for the
      // caller (docs/product.md#private-expenses).
      "id" in which || "examples" in which ? seenInFullBy(scope.userId) : undefined,
    );
    // A purchase's refunds go with it (docs/product.md#refunds): deleted by the same statement
    // rather than by the foreign key's cascade, so each gets its entry and can be restored.
    const deleted = await this.tx
      .delete(expenses)
      .where(
        or(
          chosen,
          and(
            eq(expenses.familyId, scope.familyId),
            inArray(
              expenses.refundOfId,
              this.tx.select({ id: expenses.id }).from(expenses).where(chosen),
            ),
          ),
        ),
      )
      .returning();
    await recordExpensesDeleted(this.tx, scope.familyId, actorOf(scope), deleted);
    this.changes.expenses({
      familyId: scope.familyId,
      kind: "deleted",
      count: deleted.length,
      ids: deleted.map((row) => row.id),
    });
    return deleted;
  }

  /**
   * Every expense of a family being deleted with everything in it (features/family/service.ts):
   * no entries, the history goes with the family.
   */
  async deleteAllOf(familyId: string): Promise<void> {
    const result = await this.tx.delete(expenses).where(eq(expenses.familyId, familyId));
    const count = (result as unknown as { rowCount: number | null }).rowCount ?? 0;
    this.changes.expenses({ familyId, kind: "deleted", count });
  }

  /**
   * A new family's example expenses (docs/product.md#example-expenses), in one insert. No entry:
   * the family's history starts with what its people do.
   */
  async seedExamples(
    familyId: string,
    userId: string,
    examples: { description: string; amount: string; date: string; categoryId: string | null }[],
  ): Promise<void> {
    await this.tx.insert(expenses).values(
      examples.map((example) => ({
        familyId,
        ...example,
        addedByUserId: userId,
        paidByUserId: userId,
        isExample: true,
      })),
    );
    this.changes.expenses({ familyId, kind: "created", count: examples.length });
  }

  /**
   * A deleted expense back from its history entry's snapshot (the caller marks the entry): its
   * old id, date, amount and author; a category, a payment method or a recurring rule deleted
   * since is left out (uncategorised, not said, no longer tied to the rule), a payer or author
   * whose account is gone too.
   * Recorded as a 'restored' entry. Its id or its rule's date taken again since (an expense the
   * rule made anew): it cannot come back as it was, not_restorable.
   */
  async restore(scope: FamilyScope, snapshot: ExpenseSnapshot, now: Date): Promise<ExpenseRow> {
    const [refs] = await this.tx
      .select({
        categoryId: sql<string | null>`(select ${categories.id} from ${categories}
          where ${categories.id} = ${snapshot.categoryId}::uuid and ${categories.familyId} = ${scope.familyId})`,
        recurringRuleId: sql<string | null>`(select ${recurringRules.id} from ${recurringRules}
          where ${recurringRules.id} = ${snapshot.recurringRuleId}::uuid and ${recurringRules.familyId} = ${scope.familyId})`,
        addedByUserId: sql<
          string | null
        >`(select ${users.id} from ${users} where ${users.id} = ${snapshot.addedByUserId}::uuid)`,
        paidByUserId: sql<
          string | null
        >`(select ${users.id} from ${users} where ${users.id} = ${snapshot.paidByUserId}::uuid)`,
        paymentMethodId: sql<string | null>`(select ${paymentMethods.id} from ${paymentMethods}
          where ${paymentMethods.id} = ${snapshot.paymentMethodId ?? null}::uuid and ${paymentMethods.familyId} = ${scope.familyId})`,
        billId: sql<string | null>`(select ${cardBills.id} from ${cardBills}
          where ${cardBills.id} = ${snapshot.billId ?? null}::uuid and ${cardBills.familyId} = ${scope.familyId}
          and ${cardBills.methodId} = ${snapshot.paymentMethodId ?? null}::uuid)`,
        // Back in its series while the series is there and its place in it is free.
        seriesId: sql<string | null>`(select ${installmentSeries.id} from ${installmentSeries}
          where ${installmentSeries.id} = ${snapshot.seriesId ?? null}::uuid
          and ${installmentSeries.familyId} = ${scope.familyId}
          and not exists (select 1 from ${expenses} where ${expenses.seriesId} = ${installmentSeries.id}
            and ${expenses.installment} = ${snapshot.installment ?? null}::int))`,
      })
      .from(sql`(select 1) as one`);
    // A refund comes back only to its purchase, and only within its amount
    // (docs/product.md#refunds); with its purchase gone it cannot come back as it was.
    const refundOfId = snapshot.refundOfId ?? null;
    let refundOfLabel: string | null = null;
    if (refundOfId) {
      const purchase = await this.lockedPurchase(scope, refundOfId).catch((error) => {
        if (error instanceof AppError && error.code === "expense_not_found") {
          throw new AppError("not_restorable");
        }
        throw error;
      });
      await this.assertRefundsWithin(
        purchase.id,
        toCents(purchase.amount),
        -toCents(snapshot.amount),
      );
      refundOfLabel = purchase.description;
    }
    // Back in the bill it was in; a card purchase whose bill is gone goes to its date's bill.
    let billId = refs?.billId ?? null;
    if (!billId && refs?.paymentMethodId) {
      const card = await cardDaysOf(this.tx, scope.familyId, refs.paymentMethodId);
      if (card) {
        billId = (
          await ensureBill(
            this.tx,
            scope.familyId,
            card,
            billClosingOf(snapshot.date, card.closingDay),
          )
        ).id;
      }
    }
    const recurringRuleId = refs?.recurringRuleId ?? null;
    let restored: ExpenseRow | undefined;
    try {
      [restored] = await this.tx
        .insert(expenses)
        .values({
          id: snapshot.id,
          familyId: scope.familyId,
          description: snapshot.description,
          amount: snapshot.amount,
          categoryId: refs?.categoryId ?? null,
          addedByUserId: refs?.addedByUserId ?? null,
          paidByUserId: refs?.paidByUserId ?? null,
          paymentMethodId: refs?.paymentMethodId ?? null,
          billId,
          seriesId: refs?.seriesId ?? null,
          installment: refs?.seriesId ? (snapshot.installment ?? null) : null,
          installmentCount: refs?.seriesId ? (snapshot.installmentCount ?? null) : null,
          split: snapshot.split ?? FAMILY_SPLIT,
          private: snapshot.private ?? false,
          refundOfId,
          refundOfLabel,
          recurringRuleId,
          recurringDate: recurringRuleId ? snapshot.recurringDate : null,
          date: snapshot.date,
          isExample: snapshot.isExample,
          createdAt: new Date(snapshot.createdAt),
          updatedAt: now,
        })
        .returning();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("not_restorable");
      throw error;
    }
    if (!restored) throw new AppError("internal");
    const names = await namesFor(this.tx, scope.familyId, {
      categoryIds: [restored.categoryId],
      userIds: [restored.paidByUserId, ...splitUserIds(restored.split)],
      methodIds: [restored.paymentMethodId],
      billIds: [restored.billId],
    });
    await recordHistory(this.tx, [
      {
        familyId: scope.familyId,
        actor: actorOf(scope),
        kind: "expense",
        action: "restored",
        subjectId: restored.id,
        subjectLabel: restored.description,
        privateTo: privateToOf(restored),
        changes: fieldsCreated(expenseHistoryFields(restored, names)),
      },
    ]);
    this.changes.expenses({
      familyId: scope.familyId,
      kind: "restored",
      count: 1,
      ids: [restored.id],
    });
    return restored;
  }

  /**
   * A purchase in installments (docs/product.md#installments): the series, its installments in
   * one insert (each in its own month and, on a card, its own bill: the bills found or made in one
   * statement), and one history entry for the whole purchase. The caller has checked the
   * category, the payer and the method, and reserved room for the installments (quotas.ts).
   */
  async createSeries(
    scope: FamilyScope,
    input: SeriesInput,
    names: {
      category: string;
      payer: string | null;
      paymentMethod: string | null;
      forWhom?: string | null;
    },
    card: CardDays | null,
  ): Promise<{ series: SeriesRow; installments: ExpenseRow[] }> {
    const amounts = splitInstallments(
      toCents(input.total),
      input.count,
      input.firstAmount === undefined ? undefined : toCents(input.firstAmount),
    );
    const dates = installmentDates(input.firstDate, input.count);
    const [series] = await this.tx
      .insert(installmentSeries)
      .values({
        familyId: scope.familyId,
        description: input.description,
        total: fromCents(toCents(input.total)),
        count: input.count,
        firstDate: input.firstDate,
        firstAmount: input.firstAmount ?? null,
        createdByUserId: scope.userId,
        private: input.private === true,
        idempotencyKey: input.idempotencyKey ?? null,
      })
      .returning();
    if (!series) throw new AppError("internal");
    const bills = card
      ? await ensureBills(
          this.tx,
          scope.familyId,
          card,
          dates.map((date) => billClosingOf(date, card.closingDay)),
        )
      : null;
    const installments = await this.tx
      .insert(expenses)
      .values(
        dates.map((date, i) => ({
          familyId: scope.familyId,
          description: input.description,
          amount: fromCents(amounts[i] ?? 0),
          categoryId: input.categoryId,
          addedByUserId: scope.userId,
          paidByUserId: input.paidByUserId,
          paymentMethodId: input.paymentMethodId ?? null,
          billId: card && bills ? (bills.get(billClosingOf(date, card.closingDay)) ?? null) : null,
          seriesId: series.id,
          installment: i + 1,
          installmentCount: input.count,
          split: input.split ?? FAMILY_SPLIT,
          private: series.private,
          date,
        })),
      )
      .returning();
    await recordHistory(this.tx, [
      {
        ...seriesEntry(scope, series),
        action: "created",
        changes: fieldsCreated({
          description: input.description,
          totalAmount: series.total,
          installmentCount: input.count,
          date: input.firstDate,
          category: names.category,
          paidBy: names.payer,
          paymentMethod: names.paymentMethod,
          forWhom: names.forWhom ?? null,
        }),
      },
    ]);
    this.changes.expenses({
      familyId: scope.familyId,
      kind: "created",
      count: installments.length,
      ids: installments.map((row) => row.id),
    });
    installments.sort((a, b) => (a.installment ?? 0) - (b.installment ?? 0));
    return { series, installments };
  }

  /**
   * "Esta e as próximas" or "Todas": `changes` set on every installment of the series from `from`
   * on, in one statement, with one history entry. A new card puts each in the bill of its own
   * date; another method or none takes them out of their bills.
   */
  async updateSeries(
    scope: FamilyScope,
    seriesId: string,
    from: number,
    changes: SeriesChanges,
    now: Date,
  ): Promise<ExpenseRow[]> {
    const series = await this.lockedSeries(scope, seriesId);
    const where = and(
      eq(expenses.familyId, scope.familyId),
      eq(expenses.seriesId, seriesId),
      gte(expenses.installment, from),
    );
    const before = await this.tx.select().from(expenses).where(where).orderBy(expenses.installment);
    const first = before[0];
    if (!first) throw new AppError("installment_series_not_found");
    if (changes.amount !== undefined) {
      await this.assertInstallmentRefunds(before, changes.amount);
      await this.assertSeriesTotalFits(seriesId, from, changes.amount, before.length);
    }
    const set: PgUpdateSetSource<typeof expenses> = { ...changes, updatedAt: now };
    if (
      changes.paymentMethodId !== undefined &&
      changes.paymentMethodId !== first.paymentMethodId
    ) {
      const card = changes.paymentMethodId
        ? await cardDaysOf(this.tx, scope.familyId, changes.paymentMethodId)
        : null;
      if (card) {
        // Each installment to the bill of its own date: the bills found or made first, then
        // each row's looked up by its id in the same UPDATE.
        const closings = before.map((row) => billClosingOf(row.date, card.closingDay));
        await ensureBills(this.tx, scope.familyId, card, closings);
        set.billId = sql`(select b.id from ${cardBills} b
          join unnest(${sql.param(before.map((row) => row.id))}::uuid[],
            ${sql.param(closings)}::date[]) as p(expense_id, closes_on)
            on b.closes_on = p.closes_on
          where b.method_id = ${card.methodId} and p.expense_id = ${expenses.id})`;
      } else {
        set.billId = null;
      }
    }
    const rows = await this.tx.update(expenses).set(set).where(where).returning();
    if (changes.amount !== undefined || (changes.description !== undefined && from === 1)) {
      await this.tx
        .update(installmentSeries)
        .set({
          ...(from === 1 && changes.description !== undefined
            ? { description: changes.description }
            : {}),
          total: sql`(select coalesce(sum(${expenses.amount}), ${installmentSeries.total})
            from ${expenses} where ${expenses.seriesId} = ${seriesId})`,
        })
        .where(eq(installmentSeries.id, seriesId));
    }
    const after = rows.find((row) => row.id === first.id) ?? first;
    const names = await namesFor(this.tx, scope.familyId, {
      categoryIds: [first.categoryId, after.categoryId],
      userIds: [
        first.paidByUserId,
        after.paidByUserId,
        ...splitUserIds(first.split),
        ...splitUserIds(after.split),
      ],
      methodIds: [first.paymentMethodId, after.paymentMethodId],
    });
    const fields = (row: ExpenseRow) => ({
      description: row.description,
      amount: row.amount,
      category: names.category(row.categoryId),
      paidBy: names.person(row.paidByUserId),
      paymentMethod: names.method(row.paymentMethodId),
      forWhom: forWhomLabel(row.split, names.person),
    });
    const changed = changesBetween(fields(first), fields(after));
    if (changed.length > 0) {
      await recordHistory(this.tx, [
        {
          ...seriesEntry(scope, { ...series, description: after.description }),
          action: "changed",
          changes: [{ field: "fromInstallment", before: null, after: from }, ...changed],
        },
      ]);
    }
    this.changes.expenses({
      familyId: scope.familyId,
      kind: "changed",
      count: rows.length,
      ids: rows.map((row) => row.id),
    });
    return rows.sort((a, b) => (a.installment ?? 0) - (b.installment ?? 0));
  }

  /**
   * The installments of a series from `from` on, with one history entry keeping them as they
   * were; the series itself goes with its last installment. Returns how many were deleted.
   */
  async deleteSeries(scope: FamilyScope, seriesId: string, from: number): Promise<number> {
    const series = await this.lockedSeries(scope, seriesId);
    const deleted = await this.tx
      .delete(expenses)
      .where(
        and(
          eq(expenses.familyId, scope.familyId),
          eq(expenses.seriesId, seriesId),
          gte(expenses.installment, from),
        ),
      )
      .returning();
    if (deleted.length === 0) throw new AppError("installment_series_not_found");
    const [left] = await this.tx
      .select({ n: sql<number>`count(*)::int` })
      .from(expenses)
      .where(eq(expenses.seriesId, seriesId));
    if ((left?.n ?? 0) === 0) {
      await this.tx.delete(installmentSeries).where(eq(installmentSeries.id, seriesId));
    }
    const total = deleted.reduce((sum, row) => sum + toCents(row.amount), 0);
    await recordHistory(this.tx, [
      {
        ...seriesEntry(scope, series),
        action: "deleted",
        changes: [
          { field: "fromInstallment", before: from, after: null },
          { field: "installmentCount", before: deleted.length, after: null },
          { field: "totalAmount", before: fromCents(total), after: null },
        ],
        snapshot: { installments: deleted.map(expenseSnapshot) },
      },
    ]);
    this.changes.expenses({
      familyId: scope.familyId,
      kind: "deleted",
      count: deleted.length,
      ids: deleted.map((row) => row.id),
    });
    return deleted.length;
  }

  /**
   * Paying a series off early (docs/product.md#installments): on a card, the installments in bills
   * after the one open today move to it (their dates, and so their budget months, stay); paid
   * otherwise, the installments dated after today are dated today. One history entry.
   */
  async payOffSeries(
    scope: FamilyScope,
    seriesId: string,
    today: string,
    now: Date,
  ): Promise<ExpenseRow[]> {
    const series = await this.lockedSeries(scope, seriesId);
    const rows = await this.tx
      .select()
      .from(expenses)
      .where(and(eq(expenses.familyId, scope.familyId), eq(expenses.seriesId, seriesId)))
      .orderBy(expenses.installment);
    const methodId = rows[0]?.paymentMethodId ?? null;
    const card = methodId ? await cardDaysOf(this.tx, scope.familyId, methodId) : null;
    let moved: ExpenseRow[] = [];
    let paidOffTo: string;
    if (card) {
      const current = await ensureBill(
        this.tx,
        scope.familyId,
        card,
        billClosingOf(today, card.closingDay),
      );
      paidOffTo = current.closesOn;
      moved = await this.tx
        .update(expenses)
        .set({ billId: current.id, updatedAt: now })
        .where(
          and(
            eq(expenses.familyId, scope.familyId),
            eq(expenses.seriesId, seriesId),
            sql`${expenses.billId} in (select b.id from ${cardBills} b
              where b.method_id = ${card.methodId} and b.closes_on > ${current.closesOn})`,
          ),
        )
        .returning();
    } else {
      paidOffTo = today;
      moved = await this.tx
        .update(expenses)
        .set({ date: today, updatedAt: now })
        .where(
          and(
            eq(expenses.familyId, scope.familyId),
            eq(expenses.seriesId, seriesId),
            sql`${expenses.date} > ${today}`,
          ),
        )
        .returning();
    }
    if (moved.length > 0) {
      const fromInstallment = Math.min(...moved.map((row) => row.installment ?? 0));
      await recordHistory(this.tx, [
        {
          ...seriesEntry(scope, series),
          action: "changed",
          changes: [
            { field: "fromInstallment", before: null, after: fromInstallment },
            // On a card, the bill they moved to (by its closing date); otherwise their new date.
            { field: card ? "bill" : "paidOffTo", before: null, after: paidOffTo },
          ],
        },
      ]);
      this.changes.expenses({
        familyId: scope.familyId,
        kind: "changed",
        count: moved.length,
        ids: moved.map((row) => row.id),
      });
    }
    const byId = new Map(moved.map((row) => [row.id, row]));
    return rows.map((row) => byId.get(row.id) ?? row);
  }

  /**
   * An installment refunded (docs/product.md#refunds) never costs less than what came back of it:
   * refund_too_large when a new amount of `rows` (locked with their series) is below their refunds.
   */
  private async assertInstallmentRefunds(rows: ExpenseRow[], amount: string): Promise<void> {
    const [over] = await this.tx
      .select({ id: expenses.refundOfId })
      .from(expenses)
      .where(
        inArray(
          expenses.refundOfId,
          rows.map((row) => row.id),
        ),
      )
      .groupBy(expenses.refundOfId)
      .having(sql`-sum(${expenses.amount}) > ${amount}::numeric`)
      .limit(1);
    if (over) throw new AppError("refund_too_large");
  }

  /**
   * The series' total, the installments before `from` plus `count` of the new amount, fits an
   * amount (numeric(10,2)), as the total of a new series must (contract/installments.ts).
   */
  private async assertSeriesTotalFits(
    seriesId: string,
    from: number,
    amount: string,
    count: number,
  ): Promise<void> {
    const [earlier] = await this.tx
      .select({ sum: sql<string>`coalesce(sum(${expenses.amount}), 0)::text` })
      .from(expenses)
      .where(and(eq(expenses.seriesId, seriesId), lt(expenses.installment, from)));
    if (toCents(earlier?.sum ?? "0") + toCents(amount) * count > MAX_AMOUNT_CENTS) {
      throw new AppError("validation_error", {
        fieldErrors: [{ path: "amount", messageKey: "validation.installmentTotalTooLarge" }],
      });
    }
  }

  /** The caller's family's series, locked until the transaction ends; 404 otherwise. */
  private async lockedSeries(scope: FamilyScope, seriesId: string): Promise<SeriesRow> {
    const [series] = await this.tx
      .select()
      .from(installmentSeries)
      .where(
        and(eq(installmentSeries.id, seriesId), eq(installmentSeries.familyId, scope.familyId)),
      )
      .for("update");
    // Another member's private series is not there for them (docs/product.md#private-expenses).
    if (!series || (series.private && series.createdByUserId !== scope.userId)) {
      throw new AppError("installment_series_not_found");
    }
    return series;
  }

  /**
   * A CSV import's checked lines (docs/product.md#importing), added by the caller, in one
   * set-based statement whatever their number, in the file's order. One entry for the import,
   * not one per line: the lines are its expenses, listed by the Expenses screen
   * (docs/product.md#family-history). Written by the same statement. Paid with a card, each line
   * goes to the chosen bill or its date's (the bills found or made in one statement before); a
   * marked line joins its purchase in installments (seriesForImport).
   */
  async importLines(
    scope: FamilyScope,
    imported: {
      id: string;
      fileName: string | null;
      importedCount: number;
      totalAmount: string;
      /** Of the lines, the credits recorded as income and as refunds (features/imports). */
      incomeCount?: number;
      refundCount?: number;
    },
    lines: ImportedLine[],
    paidWith: ImportPaidWith | null = null,
  ): Promise<void> {
    const card = paidWith?.card ?? null;
    // A card's bills: the one chosen, else each line's by its date (one statement for all).
    const billOf = (date: string): string | null => {
      if (!card) return null;
      if (paidWith?.billId) return paidWith.billId;
      return bills?.get(billClosingOf(date, card.closingDay)) ?? null;
    };
    const bills =
      card && !paidWith?.billId
        ? await ensureBills(
            this.tx,
            scope.familyId,
            card,
            lines.map((line) => billClosingOf(line.date, card.closingDay)),
          )
        : null;
    const seriesOf = await this.seriesForImport(scope, lines);
    const rows = lines.map((line, n) => {
      const series = seriesOf.get(n);
      return {
        n,
        d: line.date,
        t: line.description,
        a: line.amount,
        c: line.categoryId,
        p: line.paidByUserId ?? scope.userId,
        m: paidWith?.methodId ?? null,
        b: billOf(line.date),
        s: series ?? null,
        i: series ? (line.installment?.number ?? null) : null,
        ic: series ? (line.installment?.count ?? null) : null,
      };
    });
    const recorded = historyInsertSql([
      {
        familyId: scope.familyId,
        actor: actorOf(scope),
        kind: "import",
        action: "created",
        subjectId: imported.id,
        subjectLabel: imported.fileName,
        changes: fieldsCreated({
          fileName: imported.fileName,
          importedCount: imported.importedCount,
          totalAmount: fromCents(toCents(imported.totalAmount)),
          incomeCount: imported.incomeCount || undefined,
          refundCount: imported.refundCount || undefined,
        }),
      },
    ]);
    await this.tx.execute(sql`
      with recorded_history as (${recorded})
      insert into expenses (family_id, description, amount, category_id, added_by_user_id,
        paid_by_user_id, date, payment_method_id, bill_id, series_id, installment,
        installment_count)
      select ${scope.familyId}, i.t, i.a, i.c, ${scope.userId}, i.p, i.d, i.m, i.b, i.s, i.i, i.ic
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as i(n int, d date, t text, a numeric, c uuid, p uuid, m uuid, b uuid, s uuid, i int,
          ic int)
      order by i.n`);
    this.changes.expenses({ familyId: scope.familyId, kind: "imported", count: lines.length });
  }

  /**
   * The purchase in installments each marked line joins (docs/product.md#csv-import): the
   * family's series with the same description (folded as the duplicate check folds it) and count
   * whose place for that installment is free, else one made for it from the line (its total the
   * installment times the count, its first date counted back). Two statements whatever the
   * file's size. Returns line index -> series id; a line whose place is taken twice in the file
   * joins none.
   */
  private async seriesForImport(
    scope: FamilyScope,
    lines: ImportedLine[],
  ): Promise<Map<number, string>> {
    type Group = { k: string; c: number; ps: number[]; lines: number[] };
    const groups = new Map<string, Group>();
    lines.forEach((line, n) => {
      if (!line.installment || !line.seriesKey) return;
      const id = `${line.installment.count}|${line.seriesKey}`;
      const group = groups.get(id) ?? {
        k: line.seriesKey,
        c: line.installment.count,
        ps: [],
        lines: [],
      };
      if (group.ps.includes(line.installment.number)) return;
      group.ps.push(line.installment.number);
      group.lines.push(n);
      groups.set(id, group);
    });
    const list = [...groups.values()];
    const result = new Map<number, string>();
    if (list.length === 0) return result;
    const found = (await this.tx.execute(sql`
      select distinct on (g.g) g.g, e.series_id as "seriesId"
      from jsonb_to_recordset(${JSON.stringify(list.map((group, g) => ({ g, k: group.k, c: group.c, ps: group.ps })))}::jsonb)
        as g(g int, k text, c int, ps int[])
      join expenses e on e.family_id = ${scope.familyId} and e.series_id is not null
        and e.installment_count = g.c
        and lower(regexp_replace(e.search_text, '\s+', ' ', 'g')) = g.k
      where not exists (select 1 from expenses x where x.series_id = e.series_id
        and x.installment = any(g.ps))
      order by g.g, e.created_at desc`)) as unknown as { rows: { g: number; seriesId: string }[] };
    const seriesOfGroup = new Map(found.rows.map((row) => [row.g, row.seriesId]));
    const missing = list.map((_, g) => g).filter((g) => !seriesOfGroup.has(g));
    if (missing.length > 0) {
      const made = await this.tx
        .insert(installmentSeries)
        .values(
          missing.map((g) => {
            const group = list[g] as Group;
            const line = lines[group.lines[0] as number] as ImportedLine;
            const number = line.installment?.number ?? 1;
            return {
              familyId: scope.familyId,
              description: line.description,
              total: fromCents(toCents(line.amount) * group.c),
              count: group.c,
              firstDate: firstInstallmentDate(line.date, number),
              createdByUserId: scope.userId,
            };
          }),
        )
        .returning({ id: installmentSeries.id });
      made.forEach((row, index) => {
        seriesOfGroup.set(missing[index] as number, row.id);
      });
    }
    list.forEach((group, g) => {
      const id = seriesOfGroup.get(g);
      if (id) for (const n of group.lines) result.set(n, id);
    });
    return result;
  }

  /**
   * The expenses of recurring rules on their dates (`ruleIds[i]` on `dates[i]`), in one statement
   * for the whole batch, whatever families the rules are of: the rule's payer pays, its creator
   * is who added it (docs/product.md#creating-the-expenses). A date a rule already has is skipped
   * (the unique rule and date). Each created expense gets its history entry in the same
   * statement, made by the app itself (no actor), with the fields a person's create records.
   * Returns how many were created.
   */
  async generate(ruleIds: string[], dates: string[]): Promise<number> {
    if (ruleIds.length === 0) return 0;
    const result = await this.tx.execute(sql`
      with created as (
        insert into expenses (family_id, description, amount, category_id, added_by_user_id,
          paid_by_user_id, date, recurring_rule_id, recurring_date)
        select r.family_id, r.description, r.amount, r.category_id, r.created_by_user_id,
          coalesce(r.paid_by_user_id, r.created_by_user_id), o.date, r.id, o.date
        from unnest(${sql.param(ruleIds)}::uuid[], ${sql.param(dates)}::date[]) as o(rule_id, date)
        join recurring_rules r on r.id = o.rule_id
        on conflict (recurring_rule_id, recurring_date) do nothing
        returning id, family_id, description, amount, date, category_id, paid_by_user_id
      ), history as (
        insert into family_history (family_id, kind, action, subject_id, subject_label, changes)
        select c.family_id, 'expense', 'created', c.id, c.description,
          jsonb_path_query_array(jsonb_build_array(
            jsonb_build_object('field', 'description', 'before', null, 'after', c.description),
            jsonb_build_object('field', 'amount', 'before', null, 'after', c.amount::text),
            jsonb_build_object('field', 'date', 'before', null, 'after', c.date::text),
            jsonb_build_object('field', 'category', 'before', null, 'after', cat.name),
            jsonb_build_object('field', 'paidBy', 'before', null, 'after', ${personNameSql(sql.raw("u"))})
          ), '$[*] ? (@.after != null)')
        from created c
        left join categories cat on cat.id = c.category_id
        left join users u on u.id = c.paid_by_user_id
      )
      select family_id as "familyId", count(*)::int as created from created group by family_id`);
    let created = 0;
    for (const row of (result as unknown as { rows: { familyId: string; created: number }[] })
      .rows) {
      created += row.created;
      this.changes.expenses({ familyId: row.familyId, kind: "generated", count: row.created });
    }
    return created;
  }
}
