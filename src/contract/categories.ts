import { z } from "zod";
import { budgetSchema } from "./money";
import { text } from "./text";

export const CATEGORY_NAME_MAX = 60;
export const DEFAULT_CATEGORY_ICON = "tag";
export const DEFAULT_CATEGORY_COLOR = "#3b82f6";

export const categorySchema = z.object({
  id: z.uuid(),
  familyId: z.uuid(),
  name: z.string(),
  icon: z.string(),
  color: z.string(),
  weeklyBudget: z.string(),
  monthlyBudget: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

const categoryFields = {
  name: text("validation.categoryNameRequired")
    .trim()
    .min(1, "validation.categoryNameRequired")
    .max(CATEGORY_NAME_MAX, "validation.nameMax"),
  icon: text("validation.iconInvalid")
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, "validation.iconInvalid"),
  color: text("validation.colorInvalid")
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, "validation.colorInvalid")
    .transform((value) => value.toLowerCase()),
  weeklyBudget: budgetSchema,
  monthlyBudget: budgetSchema,
  isActive: z.boolean({ error: "validation.invalidType" }),
};

export const createCategoryInputSchema = z.strictObject({
  ...categoryFields,
  isActive: categoryFields.isActive.optional(),
});
export type CreateCategoryInput = z.input<typeof createCategoryInputSchema>;

export const updateCategoryInputSchema = z.strictObject(categoryFields).partial();
export type UpdateCategoryInput = z.input<typeof updateCategoryInputSchema>;

export const categoryParamsSchema = z.object({ id: z.uuid({ error: "validation.invalid" }) });
