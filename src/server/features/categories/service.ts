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
import type { FamilyScope } from "../../http/family-scope";

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
  db: Db,
  scope: FamilyScope,
  input: ValidCreate,
): Promise<Category> {
  const [row] = await db
    .insert(categories)
    .values({ ...input, familyId: scope.familyId })
    .returning();
  if (!row) throw new AppError("internal");
  return toCategory(row);
}

/** Another family's id answers 404 exactly like a missing one and changes nothing. */
export async function updateCategory(
  db: Db,
  scope: FamilyScope,
  id: string,
  input: UpdateCategoryInput,
  now: Date,
): Promise<Category> {
  const [row] = await db
    .update(categories)
    .set({ ...input, updatedAt: now })
    .where(and(eq(categories.id, id), eq(categories.familyId, scope.familyId)))
    .returning();
  if (!row) throw new AppError("category_not_found");
  return toCategory(row);
}

/** Its expenses stay, uncategorised (the foreign key sets category_id to null). */
export async function deleteCategory(db: Db, scope: FamilyScope, id: string): Promise<void> {
  const deleted = await db
    .delete(categories)
    .where(and(eq(categories.id, id), eq(categories.familyId, scope.familyId)))
    .returning({ id: categories.id });
  if (deleted.length === 0) throw new AppError("category_not_found");
}
