import { and, eq } from "drizzle-orm";
import type {
  Category,
  CreateCategoryInput,
  UpdateCategoryInput,
} from "../../../contract/categories";
import { categoryListOrder, toCategory } from "../../api-rows";
import type { Db } from "../../db/client";
import { categories } from "../../db/schema";
import { AppError } from "../../errors";
import {
  actorOf,
  changesBetween,
  fieldsCreated,
  fieldsDeleted,
  type HistoryFields,
  recordHistory,
} from "../../history/record";
import type { FamilyScope } from "../../http/family-scope";
import type { Ledger } from "../../ledger/unit-of-work";

type CategoryRow = typeof categories.$inferSelect;

/** A category as its history entries show it (docs/product.md#family-history). */
const historyFieldsOf = (row: CategoryRow): HistoryFields => ({
  name: row.name,
  icon: row.icon,
  color: row.color,
  weeklyBudget: row.weeklyBudget,
  monthlyBudget: row.monthlyBudget,
  isActive: row.isActive,
});

const entry = (scope: FamilyScope, row: CategoryRow) =>
  ({
    familyId: scope.familyId,
    actor: actorOf(scope),
    kind: "category",
    subjectId: row.id,
    subjectLabel: row.name,
  }) as const;

// The validated input (after the contract's transforms) has every money field as "0.00" strings.
type ValidCreate = Required<
  Pick<CreateCategoryInput, "name" | "icon" | "color" | "weeklyBudget" | "monthlyBudget">
> & {
  isActive?: boolean;
};

export async function listCategories(db: Db, scope: FamilyScope): Promise<Category[]> {
  const rows = await db
    .select()
    .from(categories)
    .where(eq(categories.familyId, scope.familyId))
    .orderBy(...categoryListOrder());
  return rows.map(toCategory);
}

export async function createCategory(
  ledger: Ledger,
  scope: FamilyScope,
  input: ValidCreate,
): Promise<Category> {
  return ledger.transaction(async ({ tx, changed }) => {
    changed(scope.familyId, ["categories"]);
    const [row] = await tx
      .insert(categories)
      .values({ ...input, familyId: scope.familyId })
      .returning();
    if (!row) throw new AppError("internal");
    await recordHistory(tx, [
      { ...entry(scope, row), action: "created", changes: fieldsCreated(historyFieldsOf(row)) },
    ]);
    return toCategory(row);
  });
}

/** Another family's id answers 404 exactly like a missing one and changes nothing. */
export async function updateCategory(
  ledger: Ledger,
  scope: FamilyScope,
  id: string,
  input: UpdateCategoryInput,
  now: Date,
): Promise<Category> {
  return ledger.transaction(async ({ tx, changed }) => {
    changed(scope.familyId, ["categories"]);
    const where = and(eq(categories.id, id), eq(categories.familyId, scope.familyId));
    const [before] = await tx.select().from(categories).where(where).for("update");
    if (!before) throw new AppError("category_not_found");
    const [row] = await tx
      .update(categories)
      .set({ ...input, updatedAt: now })
      .where(where)
      .returning();
    if (!row) throw new AppError("category_not_found");
    const changes = changesBetween(historyFieldsOf(before), historyFieldsOf(row));
    if (changes.length > 0) {
      await recordHistory(tx, [{ ...entry(scope, row), action: "changed", changes }]);
    }
    return toCategory(row);
  });
}

/** Its expenses stay, uncategorised (the foreign key sets category_id to null). */
export async function deleteCategory(
  ledger: Ledger,
  scope: FamilyScope,
  id: string,
): Promise<void> {
  await ledger.transaction(async ({ tx, changed }) => {
    changed(scope.familyId, ["categories"]);
    const [deleted] = await tx
      .delete(categories)
      .where(and(eq(categories.id, id), eq(categories.familyId, scope.familyId)))
      .returning();
    if (!deleted) throw new AppError("category_not_found");
    await recordHistory(tx, [
      {
        ...entry(scope, deleted),
        action: "deleted",
        changes: fieldsDeleted(historyFieldsOf(deleted)),
      },
    ]);
  });
}
