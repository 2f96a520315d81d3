import { CalendarRange } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  BUSINESS_DAY_MAX,
  type BudgetPeriodRule,
  budgetPeriodRuleCode,
  budgetPeriodRuleSchema,
  CLOSED_DAY_MOVES,
  type ClosedDayMove,
  FIXED_DAY_MAX,
  FIXED_DAY_MIN,
  PERIOD_STARTS,
  type PeriodStart,
} from "../../../contract/budget-period";
import type { Family } from "../../../contract/family";
import { periodOf } from "../../../domain/budget-period";
import { useUpdateBudgetPeriod } from "../../api/family/update-budget-period";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { useLanguage } from "../../i18n/use-language";
import { ApiRequestError } from "../../lib/api-client";
import { budgetPeriodRuleText, businessDayOrdinal } from "../../lib/budget-period-text";
import { formatDate, formatMonthYear, todayIso } from "../../lib/format";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { Choice } from "./choice";
import { familyTexts } from "./texts";

/**
 * The family's budget month (docs/product.md#budget-periods): when it starts and the current
 * month's days, for everyone; the owner changes it here (PUT /api/family/budget-period), members
 * only read it.
 */
export function BudgetPeriodSection({ family }: { family: Family }) {
  const { t } = useTranslation(familyTexts);
  const titleId = useId();
  const rule = family.budgetPeriod;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <div className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
            <CalendarRange aria-hidden="true" className="size-5" />
          </span>
          <h2 id={titleId} className="font-semibold text-lg leading-tight">
            {t("budgetPeriod.title")}
          </h2>
        </div>
        <CardDescription>{t("budgetPeriod.intro")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <CurrentRule rule={rule} />
        {family.role === "owner" ? (
          <BudgetPeriodForm saved={rule} />
        ) : (
          <p className="text-muted-foreground text-sm">{t("budgetPeriod.ownerOnly")}</p>
        )}
      </CardContent>
    </Card>
  );
}

/** The budget month today falls in under `rule`: its name, first and last day, formatted. */
function useCurrentPeriodText(rule: BudgetPeriodRule) {
  const language = useLanguage();
  const period = periodOf(todayIso(), rule);
  return {
    month: formatMonthYear(period.month, period.year, language),
    first: formatDate(period.first, language),
    last: formatDate(period.last, language),
  };
}

/** The rule in force and the budget month today falls in. */
function CurrentRule({ rule }: { rule: BudgetPeriodRule }) {
  const { t } = useTranslation(familyTexts);
  const current = useCurrentPeriodText(rule);
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
      <dt className="text-muted-foreground">{t("budgetPeriod.starts")}</dt>
      <dd className="font-medium" data-testid="budget-period-rule">
        {budgetPeriodRuleText(rule, t)}
      </dd>
      <dt className="mt-2 text-muted-foreground sm:mt-0">{t("budgetPeriod.current")}</dt>
      <dd className="tabular-nums" data-testid="budget-period-current">
        {t("budgetPeriod.currentDates", current)}
      </dd>
    </dl>
  );
}

/** What the form's inputs hold: each kind keeps its own day while another kind is chosen. */
type Draft = {
  start: PeriodStart;
  /** The fixed day as typed (2-28). */
  fixedDay: string;
  /** The business day's count (1-10). */
  businessDay: number;
  saturdays: boolean;
  closedDay: ClosedDayMove;
};

/** The 5th business day is the CLT's payday, so it is what the business-day choice starts at. */
const DEFAULT_DAY = 5;

function draftOf(rule: BudgetPeriodRule): Draft {
  return {
    start: rule.start,
    fixedDay: String(rule.start === "fixed-day" ? rule.day : DEFAULT_DAY),
    businessDay: rule.start === "business-day" ? rule.day : DEFAULT_DAY,
    saturdays: rule.saturdays,
    closedDay: rule.closedDay,
  };
}

/** Whether the business days' week matters to the draft's rule (a fixed day kept never moves). */
const weekMatters = (draft: Draft) =>
  draft.start === "business-day" ||
  draft.start === "last-business-day" ||
  (draft.start === "fixed-day" && draft.closedDay !== "stay");

/**
 * The rule the draft stands for, with the fields its kind does not use at their neutral values
 * (as the server stores them, src/contract/budget-period.ts). An empty fixed day is NaN, which
 * the contract's schema refuses.
 */
function ruleOfDraft(draft: Draft): BudgetPeriodRule {
  const day =
    draft.start === "fixed-day"
      ? draft.fixedDay.trim() === ""
        ? Number.NaN
        : Number(draft.fixedDay)
      : draft.start === "business-day"
        ? draft.businessDay
        : 1;
  return {
    start: draft.start,
    day,
    saturdays: weekMatters(draft) && draft.saturdays,
    closedDay: draft.start === "fixed-day" ? draft.closedDay : "stay",
  };
}

const startLabels: Record<PeriodStart, string> = {
  "first-day": "budgetPeriod.form.firstDay",
  "fixed-day": "budgetPeriod.form.fixedDay",
  "business-day": "budgetPeriod.form.businessDay",
  "last-business-day": "budgetPeriod.form.lastBusinessDay",
};

/**
 * The owner's form. The same schema as the server's checks the rule before it is sent; its
 * description and the current month's days under it follow every change, so the owner sees what
 * a choice means before saving.
 */
function BudgetPeriodForm({ saved }: { saved: BudgetPeriodRule }) {
  const { t } = useTranslation(familyTexts);
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(saved));
  const [dayError, setDayError] = useState<string>();
  // A rule changed elsewhere (another device, heard through the live updates) starts the form
  // anew; the owner's own save leaves it as it is, and the focus on its button.
  const [shown, setShown] = useState(saved);
  if (budgetPeriodRuleCode(shown) !== budgetPeriodRuleCode(saved)) {
    setShown(saved);
    if (budgetPeriodRuleCode(ruleOfDraft(draft)) !== budgetPeriodRuleCode(saved)) {
      setDraft(draftOf(saved));
      setDayError(undefined);
    }
  }
  const set = (patch: Partial<Draft>) => {
    setDraft((previous) => ({ ...previous, ...patch }));
    setDayError(undefined);
  };
  const rule = ruleOfDraft(draft);
  const parsed = budgetPeriodRuleSchema.safeParse(rule);
  const mutation = useUpdateBudgetPeriod({
    onSuccess: (family) =>
      toast({
        title: t("budgetPeriod.form.saved"),
        description: t("budgetPeriod.form.savedDescription", {
          rule: budgetPeriodRuleText(family.budgetPeriod, t),
        }),
      }),
    onError: (error) => {
      // A refused day shows under its field, like the form's own check; anything else is toasted.
      const fieldError =
        error instanceof ApiRequestError
          ? error.apiError?.errors?.find((e) => e.path === "day")
          : undefined;
      if (fieldError) setDayError(fieldError.message);
      else toastError(error, t("budgetPeriod.form.error"));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setDayError(t(issue?.message ?? "validation.periodDayInvalid"));
      return;
    }
    mutation.mutate(parsed.data);
  };

  return (
    <form noValidate className="grid gap-5" onSubmit={onSubmit}>
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-medium text-sm">{t("budgetPeriod.form.start")}</legend>
        {PERIOD_STARTS.map((start) => (
          <Choice
            key={start}
            name={`${id}-start`}
            checked={draft.start === start}
            onCheck={() => set({ start })}
            label={t(startLabels[start])}
            hint={
              start === "last-business-day" ? t("budgetPeriod.form.lastBusinessDayHint") : undefined
            }
          />
        ))}
      </fieldset>

      {draft.start === "fixed-day" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label={t("budgetPeriod.form.day")}
            hint={t("budgetPeriod.form.dayHint")}
            error={dayError}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={FIXED_DAY_MIN}
              max={FIXED_DAY_MAX}
              step={1}
              value={draft.fixedDay}
              onChange={(event) => set({ fixedDay: event.target.value })}
            />
          </FormField>
          <FormField label={t("budgetPeriod.form.closedDay")}>
            <NativeSelect
              value={draft.closedDay}
              onChange={(event) => set({ closedDay: event.target.value as ClosedDayMove })}
            >
              {CLOSED_DAY_MOVES.map((move) => (
                <option key={move} value={move}>
                  {t(`budgetPeriod.form.${move}`)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </div>
      ) : null}

      {draft.start === "business-day" ? (
        <FormField
          label={t("budgetPeriod.form.whichBusinessDay")}
          error={dayError}
          className="sm:max-w-xs"
        >
          <NativeSelect
            value={String(draft.businessDay)}
            onChange={(event) => set({ businessDay: Number(event.target.value) })}
          >
            {Array.from({ length: BUSINESS_DAY_MAX }, (_, index) => index + 1).map((day) => (
              <option key={day} value={day}>
                {t("budgetPeriod.form.businessDayOption", { nth: businessDayOrdinal(day, t) })}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      ) : null}

      {weekMatters(draft) ? (
        <fieldset className="grid gap-2" aria-describedby={`${id}-week-hint`}>
          <legend className="mb-2 font-medium text-sm">{t("budgetPeriod.form.week")}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {[false, true].map((saturdays) => (
              <Choice
                key={String(saturdays)}
                name={`${id}-week`}
                checked={draft.saturdays === saturdays}
                onCheck={() => set({ saturdays })}
                label={t(saturdays ? "budgetPeriod.form.monSat" : "budgetPeriod.form.monFri")}
              />
            ))}
          </div>
          <p id={`${id}-week-hint`} className="text-muted-foreground text-xs">
            {t("budgetPeriod.form.weekHint")}
          </p>
        </fieldset>
      ) : null}

      <div
        aria-live="polite"
        className="grid gap-1 rounded-xl bg-muted p-4 text-sm"
        data-testid="budget-period-preview"
      >
        {parsed.success ? <Preview rule={parsed.data} /> : null}
      </div>

      <Button type="submit" disabled={mutation.isPending} className="w-full sm:w-fit">
        {mutation.isPending ? t("budgetPeriod.form.saving") : t("budgetPeriod.form.save")}
      </Button>
    </form>
  );
}

/** The draft's rule in words, and what the current budget month would be under it. */
function Preview({ rule }: { rule: BudgetPeriodRule }) {
  const { t } = useTranslation(familyTexts);
  const current = useCurrentPeriodText(rule);
  return (
    <>
      <p>
        <span className="font-medium">{t("budgetPeriod.starts")}:</span>{" "}
        {budgetPeriodRuleText(rule, t)}
      </p>
      <p className="tabular-nums">{t("budgetPeriod.form.preview", current)}</p>
    </>
  );
}
