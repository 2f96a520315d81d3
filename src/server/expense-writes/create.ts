import { randomUUID } from "node:crypto";
import type { CreateExpenseInput } from "../../contract/expenses";
import { billClosingOf } from "../../domain/card-bills";
import type { ExpenseRow } from "../api-rows";
import type { Db } from "../db/client";
import { expenses } from "../db/schema";
import { AppError } from "../errors";
import { actorOf, fieldsCreated, historyCte } from "../history/record";
import type { FamilyScope } from "../http/family-scope";
import { familyUnderExpenseQuota } from "../quotas";
import { type CardDays, ensureBill } from "./card-bill";
import type { WriteContext } from "./rows";

/**
 * New expenses: a person's one, in one statement with its history entry, and a new family's
 * examples (docs/product.md#example-expenses).
 */

/**
 * A new family's example expenses (docs/product.md#example-expenses), in one insert. No entry:
 * the family's history starts with what its people do.
 */
export async function seedExamples(
  w: WriteContext,
  familyId: string,
  userId: string,
  examples: { description: string; amount: string; date: string; categoryId: string | null }[],
): Promise<void> {
  await w.tx.insert(expenses).values(
    examples.map((example) => ({
      familyId,
      ...example,
      addedByUserId: userId,
      paidByUserId: userId,
      isExample: true,
    })),
  );
  w.changes.expenses({ familyId, kind: "created", count: examples.length });
}

/**
 * A person's new expense and its history entry in one statement, with no transaction around it:
 * the commonest write (history/record.ts, historyCte). The caller has checked the category, the
 * payer and the payment method and passes the names the entry shows, and the card's days when
 * it is a card purchase: its bill is found or made first (card-bill.ts), one statement more. The
 * row's family is written with the family's cap `maxExpenses` (server/quotas.ts
 * familyUnderExpenseQuota), so the same statement refuses it past the cap. The
 * database's errors (the Idempotency-Key already used, the category deleted meanwhile, the cap)
 * are thrown for the caller to answer. The change is told by the caller (writes.ts), once saved.
 */
export async function createExpense(
  db: Db,
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
  const { card, maxExpenses } = options;
  const bill = card
    ? await ensureBill(db, scope.familyId, card, billClosingOf(input.date, card.closingDay))
    : null;
  // The id is made here so the history entry can name it in the same statement.
  const id = randomUUID();
  const recorded = historyCte(db, [
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
  const [row] = await db
    .with(recorded)
    .insert(expenses)
    .values({
      ...input,
      id,
      familyId: familyUnderExpenseQuota(scope.familyId, maxExpenses),
      addedByUserId: scope.userId,
      billId: bill?.id ?? null,
    })
    .returning();
  if (!row) throw new AppError("internal");
  return row;
}
