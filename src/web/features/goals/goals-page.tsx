import { Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Goal } from "../../../contract/goals";
import { useFamilyQuery } from "../../api/family/get-family";
import { useDeleteGoal } from "../../api/goals/delete-goal";
import { useGoals } from "../../api/goals/get-goals";
import { usePaymentMethods } from "../../api/payment-methods/get-payment-methods";
import { BackLink } from "../../components/back-link";
import { ConfirmDeleteDialog } from "../../components/confirm-delete-dialog";
import { PageTitle } from "../../components/layout/page-title";
import { mainContentId } from "../../components/layout/skip-link";
import { RequireFamily } from "../../components/require-family";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { useEntityActions } from "../../components/use-entity-actions";
import { useDocumentTitle } from "../../lib/use-document-title";
import { ContributionDialog } from "./contribution-dialog";
import { GoalDialog } from "./goal-dialog";
import type { Movement } from "./goal-form-values";
import { GoalMovements } from "./goal-movements";
import { GoalSummary, OthersPrivateLine } from "./goal-summary";
import { goalsTexts } from "./texts";

type Actions = {
  onEdit: (goal: Goal) => void;
  onDelete: (goal: Goal) => void;
  onMove: (goal: Goal, movement: Movement) => void;
};

function GoalItem({
  goal,
  accountName,
  onEdit,
  onDelete,
  onMove,
}: { goal: Goal; accountName: (id: string) => string | undefined } & Actions) {
  const { t } = useTranslation(goalsTexts);
  const [showMovements, setShowMovements] = useState(false);
  // The name completes each button's accessible name: the list repeats them.
  const named = <span className="sr-only"> {goal.name}</span>;
  const movementsId = `goal-movements-${goal.id}`;
  return (
    <li>
      <Card>
        <CardContent className="grid gap-3 p-4 sm:p-5">
          <GoalSummary
            goal={goal}
            accountName={goal.methodId ? accountName(goal.methodId) : undefined}
          />
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => onMove(goal, "deposit")}>
              {t("goals.deposit")}
              {named}
            </Button>
            <Button variant="outline" size="sm" onClick={() => onMove(goal, "withdrawal")}>
              {t("goals.withdraw")}
              {named}
            </Button>
            <Button
              variant="outline"
              size="sm"
              aria-expanded={showMovements}
              aria-controls={showMovements ? movementsId : undefined}
              onClick={() => setShowMovements((shown) => !shown)}
            >
              {t("goals.movements")}
              {named}
            </Button>
            <Button variant="outline" size="sm" onClick={() => onEdit(goal)}>
              {t("goals.edit")}
              {named}
            </Button>
            <Button
              variant="outline"
              size="sm"
              className="text-destructive hover:text-destructive"
              onClick={() => onDelete(goal)}
            >
              {t("goals.delete")}
              {named}
            </Button>
          </div>
          {showMovements ? (
            <div id={movementsId}>
              <GoalMovements goal={goal} accountName={accountName} />
            </div>
          ) : null}
        </CardContent>
      </Card>
    </li>
  );
}

function GoalList(actions: Actions) {
  const { t } = useTranslation(goalsTexts);
  const goals = useGoals();
  const methods = usePaymentMethods();
  if (goals.isError) return <Alert variant="destructive">{t("goals.loadError")}</Alert>;
  if (!goals.data) return <Skeleton className="h-32 w-full rounded-2xl" />;
  const { items, othersPrivate } = goals.data;
  const accountName = (id: string) => methods.data?.find((method) => method.id === id)?.name;
  return (
    <>
      {items.length === 0 ? (
        <Card>
          <CardContent className="grid gap-1 py-10 text-center sm:py-12">
            <h2 className="font-semibold text-lg">{t("goals.empty")}</h2>
            <p className="text-muted-foreground text-sm">{t("goals.emptyHint")}</p>
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-3" aria-label={t("goals.title")}>
          {items.map((goal) => (
            <GoalItem key={goal.id} goal={goal} accountName={accountName} {...actions} />
          ))}
        </ul>
      )}
      <OthersPrivateLine others={othersPrivate} />
    </>
  );
}

/**
 * 'Caixinhas' (docs/product.md#caixinhas-savings-goals): the family's savings goals and the
 * person's own, each with what it has, what is left and what to put away each month; money put
 * in and taken out, and undone. Reached from 'Contas e cartões'.
 */
export function GoalsPage() {
  const { t } = useTranslation(goalsTexts);
  const title = t("goals.title");
  useDocumentTitle(title);
  const familyQuery = useFamilyQuery();
  const [moving, setMoving] = useState<{ goal: Goal | null; movement: Movement }>({
    goal: null,
    movement: "deposit",
  });
  const actions = useEntityActions<Goal>({
    remove: useDeleteGoal(),
    deleted: () => t("goals.toast.deleted"),
    deleteError: t("goals.toast.deleteError"),
    // A deleted card takes its button with it: focus continues from the page's main content.
    focusAfterDelete: () => document.getElementById(mainContentId),
  });
  const { deleting } = actions;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        {/* Beside the button on a wide screen, above it on a phone: the intro is long. */}
        <div className="grid min-w-0 flex-1 basis-72 gap-2">
          <BackLink href="/payment-methods">{t("pages.paymentMethods.title")}</BackLink>
          <PageTitle>{title}</PageTitle>
          <p className="text-muted-foreground text-sm">{t("goals.intro")}</p>
        </div>
        {familyQuery.data ? (
          <Button onClick={actions.create}>
            <Plus aria-hidden="true" />
            {t("goals.new")}
          </Button>
        ) : null}
      </div>
      <RequireFamily
        family={familyQuery}
        fallback={<Skeleton className="h-32 w-full rounded-2xl" />}
      >
        <GoalList
          onEdit={actions.edit}
          onDelete={actions.askDelete}
          onMove={(goal, movement) => setMoving({ goal, movement })}
        />
        <GoalDialog
          open={actions.form.open}
          goal={actions.form.entity}
          onClose={actions.form.onClose}
        />
        <ContributionDialog
          goal={moving.goal}
          movement={moving.movement}
          onClose={() => setMoving((shown) => ({ ...shown, goal: null }))}
        />
        <ConfirmDeleteDialog
          {...actions.confirmDelete}
          title={t("goals.deleteDialog.title")}
          message={deleting ? t("goals.deleteDialog.message", { name: deleting.name }) : ""}
          cancelLabel={t("goals.form.cancel")}
          confirmLabel={t("goals.delete")}
          pendingLabel={t("goals.deleteDialog.deleting")}
        />
      </RequireFamily>
    </div>
  );
}
