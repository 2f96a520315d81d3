import type { Category, UpdateCategoryInput } from "../../../contract/categories";

export type CategoryValues = {
  name: string;
  icon: string;
  color: string;
  weeklyBudget: string;
  monthlyBudget: string;
};

const fields = ["name", "icon", "color", "weeklyBudget", "monthlyBudget"] as const;

/**
 * What an edit changed, compared after the contract's normalisation (trimmed, lower-case colour,
 * two-place money), so only those fields are sent: PATCH is partial, and a field another member
 * changed meanwhile is not overwritten with the old value.
 */
export function categoryChanges(category: Category, values: CategoryValues): UpdateCategoryInput {
  const changes: UpdateCategoryInput = {};
  for (const field of fields) {
    if (values[field] !== category[field]) changes[field] = values[field];
  }
  return changes;
}
