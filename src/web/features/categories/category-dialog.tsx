import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  CATEGORY_NAME_MAX,
  type Category,
  createCategoryInputSchema,
  DEFAULT_CATEGORY_COLOR,
  DEFAULT_CATEGORY_ICON,
} from "../../../contract/categories";
import { useCreateCategory } from "../../api/categories/create-category";
import { useUpdateCategory } from "../../api/categories/update-category";
import { FormDialog, FormDialogForm } from "../../components/form-dialog";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { useLanguage } from "../../i18n/use-language";
import { formatAmountInput, readingAmounts } from "../../lib/amount-input";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { type CategoryValues, categoryChanges } from "./category-changes";
import { CategoryIcon, categoryIconNames } from "./category-icons";
import { categoriesTexts } from "./texts";

const hexColor = /^#[0-9a-fA-F]{6}$/;
/** Lines a control up with the input of the field beside it: the label's height plus the gap. */
const besideLabel = "mt-[1.375rem]";

const newCategoryValues: CategoryValues = {
  name: "",
  icon: DEFAULT_CATEGORY_ICON,
  color: DEFAULT_CATEGORY_COLOR,
  weeklyBudget: "0.00",
  monthlyBudget: "0.00",
};

function CategoryForm({ category, onDone }: { category: Category | null; onDone: () => void }) {
  const { t } = useTranslation(categoriesTexts);
  const createCategory = useCreateCategory();
  const updateCategory = useUpdateCategory();
  const language = useLanguage();
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<CategoryValues, unknown, CategoryValues>({
    // Budgets show and are read with the person's decimal sign (docs/product.md#typing-amounts).
    resolver: readingAmounts(
      zodResolver(createCategoryInputSchema),
      ["weeklyBudget", "monthlyBudget"],
      language,
    ),
    defaultValues: {
      ...(category
        ? { name: category.name, icon: category.icon, color: category.color }
        : newCategoryValues),
      weeklyBudget: formatAmountInput(category?.weeklyBudget ?? "0.00", language),
      monthlyBudget: formatAmountInput(category?.monthlyBudget ?? "0.00", language),
    },
  });
  const message = (key?: string) => (key ? t(key) : undefined);
  const color = watch("color");
  const icon = watch("icon");
  // An icon saved through the API that the form does not list stays selectable.
  const iconNames = categoryIconNames.includes(icon)
    ? categoryIconNames
    : [...categoryIconNames, icon];

  const save = handleSubmit(async (values) => {
    try {
      if (category) {
        const changes = categoryChanges(category, values);
        if (Object.keys(changes).length > 0) {
          await updateCategory.mutateAsync({ id: category.id, input: changes });
          toast({ title: t("categories.toast.updated") });
        }
      } else {
        await createCategory.mutateAsync(values);
        toast({ title: t("categories.toast.created") });
      }
      onDone();
    } catch (error) {
      toastError(
        error,
        t(category ? "categories.toast.updateError" : "categories.toast.createError"),
      );
    }
  });

  const pending = isSubmitting || createCategory.isPending || updateCategory.isPending;
  return (
    <FormDialogForm
      onSubmit={save}
      cancelLabel={t("categories.form.cancel")}
      submitLabel={category ? t("categories.form.save") : t("categories.form.create")}
      pendingLabel={category ? t("categories.form.saving") : t("categories.form.creating")}
      pending={pending}
    >
      <FormField label={t("categories.form.name")} error={message(errors.name?.message)}>
        <Input
          autoComplete="off"
          maxLength={CATEGORY_NAME_MAX}
          placeholder={t("categories.form.namePlaceholder")}
          {...register("name")}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex items-start gap-2">
          <FormField
            label={t("categories.form.icon")}
            error={message(errors.icon?.message)}
            className="min-w-0 flex-1"
          >
            <NativeSelect {...register("icon")}>
              {iconNames.map((name) => (
                <option key={name} value={name}>
                  {t(`categories.icons.${name}`, { defaultValue: name })}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {/* A preview of the icon on the chosen colour, as the category will show it. */}
          <span
            aria-hidden="true"
            className={`${besideLabel} flex size-10 shrink-0 items-center justify-center rounded-lg`}
            style={{ backgroundColor: hexColor.test(color) ? color : DEFAULT_CATEGORY_COLOR }}
          >
            <CategoryIcon name={icon} className="size-5 text-white" />
          </span>
        </div>
        <div className="flex items-start gap-2">
          <FormField
            label={t("categories.form.color")}
            error={message(errors.color?.message)}
            className="min-w-0 flex-1"
          >
            <Input autoComplete="off" spellCheck={false} maxLength={7} {...register("color")} />
          </FormField>
          {/* The picker and the hex field edit one value: the picker cannot take a typed code. */}
          <input
            type="color"
            aria-label={t("categories.form.colorPicker")}
            value={hexColor.test(color) ? color.toLowerCase() : DEFAULT_CATEGORY_COLOR}
            onChange={(event) =>
              setValue("color", event.target.value, {
                shouldDirty: true,
                shouldValidate: isSubmitted,
              })
            }
            className={`${besideLabel} h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-input bg-card p-1`}
          />
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={t("categories.form.weeklyBudget")}
          error={message(errors.weeklyBudget?.message)}
        >
          <Input type="text" inputMode="decimal" autoComplete="off" {...register("weeklyBudget")} />
        </FormField>
        <FormField
          label={t("categories.form.monthlyBudget")}
          error={message(errors.monthlyBudget?.message)}
        >
          <Input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            {...register("monthlyBudget")}
          />
        </FormField>
      </div>
    </FormDialogForm>
  );
}

/** "Nova Categoria" when `category` is null, else "Editar Categoria" for it. */
export function CategoryDialog({
  open,
  category,
  onClose,
}: {
  open: boolean;
  category: Category | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(categoriesTexts);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={category ? t("categories.form.editTitle") : t("categories.form.createTitle")}
      description={
        category ? t("categories.form.editDescription") : t("categories.form.createDescription")
      }
    >
      <CategoryForm key={category?.id ?? "new"} category={category} onDone={onClose} />
    </FormDialog>
  );
}
