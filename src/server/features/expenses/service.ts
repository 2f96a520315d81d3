import { and, desc, eq, type SQL } from "drizzle-orm";
import type { CreateExpenseInput, Expense, UpdateExpenseInput } from "../../../contract/expenses";
import type { Db } from "../../db/client";
import { isForeignKeyViolation, isUniqueViolation } from "../../db/errors";
import { categories, expenses } from "../../db/schema";
import { AppError } from "../../errors";
import type { FamilyScope } from "../../http/family-scope";

type ExpenseRow = typeof expenses.$inferSelect;

const toExpense = (row: ExpenseRow): Expense => ({
  id: row.id,
  familyId: row.familyId,
  description: row.description,
  amount: row.amount,
  categoryId: row.categoryId,
  addedByUserId: row.addedByUserId,
  date: row.date,
  month: row.month,
  year: row.year,
  isExample: row.isExample,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const categoryNotFound = () =>
  new AppError("validation_error", {
    fieldErrors: [{ path: "categoryId", messageKey: "validation.categoryNotFound" }],
  });

/** A category id from the client must be one of the caller's family's categories. */
async function assertOwnCategory(db: Db, scope: FamilyScope, categoryId: string) {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.id, categoryId), eq(categories.familyId, scope.familyId)));
  if (!row) throw categoryNotFound();
}

/** Newest date first; with month and year, only that month (the dashboard never loads history). */
export async function listExpenses(
  db: Db,
  scope: FamilyScope,
  filter: { month?: number; year?: number },
): Promise<Expense[]> {
  const conditions: SQL[] = [eq(expenses.familyId, scope.familyId)];
  if (filter.month !== undefined && filter.year !== undefined) {
    conditions.push(eq(expenses.year, filter.year), eq(expenses.month, filter.month));
  }
  const rows = await db
    .select()
    .from(expenses)
    .where(and(...conditions))
    .orderBy(desc(expenses.date), desc(expenses.createdAt));
  return rows.map(toExpense);
}

/**
 * With an Idempotency-Key, a repeated create (a double click, a retried request) returns the
 * expense the first one made and creates nothing.
 */
export async function createExpense(
  db: Db,
  scope: FamilyScope,
  input: Required<CreateExpenseInput>,
  idempotencyKey: string | undefined,
): Promise<Expense> {
  const findRepeat = async () => {
    if (!idempotencyKey) return undefined;
    const [row] = await db
      .select()
      .from(expenses)
      .where(
        and(eq(expenses.addedByUserId, scope.userId), eq(expenses.idempotencyKey, idempotencyKey)),
      );
    return row;
  };
  const repeat = await findRepeat();
  if (repeat) return toExpense(repeat);
  await assertOwnCategory(db, scope, input.categoryId);
  try {
    const [row] = await db
      .insert(expenses)
      .values({ ...input, familyId: scope.familyId, addedByUserId: scope.userId, idempotencyKey })
      .returning();
    if (!row) throw new AppError("internal");
    return toExpense(row);
  } catch (error) {
    if (isUniqueViolation(error, "expenses_idempotency_unique")) {
      const first = await findRepeat();
      if (first) return toExpense(first);
    }
    // The category was deleted between the check and the insert.
    if (isForeignKeyViolation(error)) throw categoryNotFound();
    throw error;
  }
}

/** Partial; month and year follow a new date (they are generated from it in the database). */
export async function updateExpense(
  db: Db,
  scope: FamilyScope,
  id: string,
  input: UpdateExpenseInput,
  now: Date,
): Promise<Expense> {
  if (input.categoryId !== undefined) await assertOwnCategory(db, scope, input.categoryId);
  try {
    const [row] = await db
      .update(expenses)
      .set({ ...input, updatedAt: now })
      .where(and(eq(expenses.id, id), eq(expenses.familyId, scope.familyId)))
      .returning();
    if (!row) throw new AppError("expense_not_found");
    return toExpense(row);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw categoryNotFound();
    throw error;
  }
}

export async function deleteExpense(db: Db, scope: FamilyScope, id: string): Promise<void> {
  const deleted = await db
    .delete(expenses)
    .where(and(eq(expenses.id, id), eq(expenses.familyId, scope.familyId)))
    .returning({ id: expenses.id });
  if (deleted.length === 0) throw new AppError("expense_not_found");
}

export async function clearExampleExpenses(db: Db, scope: FamilyScope): Promise<number> {
  const deleted = await db
    .delete(expenses)
    .where(and(eq(expenses.familyId, scope.familyId), eq(expenses.isExample, true)))
    .returning({ id: expenses.id });
  return deleted.length;
}
