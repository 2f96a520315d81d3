import { CreditCard } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { type CardSpendingBy, cardSpendingModes, type Family } from "../../../contract/family";
import { useUpdateCardSpending } from "../../api/family/update-card-spending";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { Choice } from "./choice";
import { familyTexts } from "./texts";

/**
 * When a card purchase counts in the budget (docs/product.md#counting-card-spending-by-bill): in
 * the month of its date, or of its bill's due date. Everyone sees the family's choice; the owner
 * changes it here (PUT /api/family/card-spending), members only read it.
 */
export function CardSpendingSection({ family }: { family: Family }) {
  const { t } = useTranslation(familyTexts);
  const titleId = useId();
  const by = family.cardSpendingBy;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <div className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
            <CreditCard aria-hidden="true" className="size-5" />
          </span>
          <h2 id={titleId} className="font-semibold text-lg leading-tight">
            {t("cardSpending.title")}
          </h2>
        </div>
        <CardDescription>{t("cardSpending.intro")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-muted-foreground">{t("cardSpending.counts")}</dt>
          <dd className="grid gap-1">
            <span className="font-medium" data-testid="card-spending-current">
              {t(choiceLabels[by])}
            </span>
            {family.role === "owner" ? null : (
              <span className="text-muted-foreground">{t(choiceHints[by])}</span>
            )}
          </dd>
        </dl>
        {family.role === "owner" ? (
          <CardSpendingForm saved={by} />
        ) : (
          <p className="text-muted-foreground text-sm">{t("cardSpending.ownerOnly")}</p>
        )}
      </CardContent>
    </Card>
  );
}

const choiceLabels: Record<CardSpendingBy, string> = {
  date: "cardSpending.choice.date",
  bill: "cardSpending.choice.bill",
};
const choiceHints: Record<CardSpendingBy, string> = {
  date: "cardSpending.choice.dateHint",
  bill: "cardSpending.choice.billHint",
};

/** The owner's two choices, each with what it means, and Save. */
function CardSpendingForm({ saved }: { saved: CardSpendingBy }) {
  const { t } = useTranslation(familyTexts);
  const id = useId();
  const [draft, setDraft] = useState(saved);
  // A choice changed elsewhere (another device, heard through the live updates) is shown anew;
  // the owner's own save leaves the form as it is, and the focus on its button.
  const [shown, setShown] = useState(saved);
  if (shown !== saved) {
    setShown(saved);
    setDraft(saved);
  }
  const mutation = useUpdateCardSpending({
    onSuccess: (family) =>
      toast({
        title: t("cardSpending.form.saved"),
        description: t("cardSpending.form.savedDescription", {
          choice: t(choiceLabels[family.cardSpendingBy]),
        }),
      }),
    onError: (error) => toastError(error, t("cardSpending.form.error")),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(draft);
  };
  return (
    <form noValidate className="grid gap-5" onSubmit={onSubmit}>
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-medium text-sm">{t("cardSpending.form.legend")}</legend>
        {cardSpendingModes.map((by) => (
          <Choice
            key={by}
            name={`${id}-by`}
            checked={draft === by}
            onCheck={() => setDraft(by)}
            label={t(choiceLabels[by])}
            hint={t(choiceHints[by])}
          />
        ))}
      </fieldset>
      <Button type="submit" disabled={mutation.isPending} className="w-full sm:w-fit">
        {mutation.isPending ? t("cardSpending.form.saving") : t("cardSpending.form.save")}
      </Button>
    </form>
  );
}
