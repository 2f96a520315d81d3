import { useTranslation } from "react-i18next";
import type { ReportStatus } from "../../../domain/budget";
import type { MonthSummary } from "../../../domain/month-summary";
import { Badge } from "../../components/ui/badge";
import { Card, CardHeader } from "../../components/ui/card";
import { useLanguage } from "../../i18n/use-language";
import { localeOf } from "../../lib/format";
import { useMoney } from "../../lib/use-money";
import { cn } from "../../lib/utils";
import {
  differenceOf,
  formatShare,
  PRIVATE_COLOR,
  statusBadgeVariant,
  UNCATEGORISED_COLOR,
} from "./report-view";
import { reportsTexts } from "./texts";

const statusKey: Record<ReportStatus, string> = {
  "no-spending": "reports.status.noSpending",
  over: "reports.status.over",
  near: "reports.status.near",
  within: "reports.status.within",
};

const cell = "px-3 py-3 whitespace-nowrap";
const numeric = `${cell} text-right tabular-nums`;

function Dot({ color }: { color: string }) {
  return (
    <span
      aria-hidden="true"
      className="size-3 shrink-0 rounded-full"
      style={{ backgroundColor: color }}
    />
  );
}

/** Spent above budget gets a plus sign (and red), else the amount still left. */
function Difference({ differenceCents }: { differenceCents: number }) {
  const money = useMoney();
  const { over, amountCents } = differenceOf(differenceCents);
  return (
    <span className={cn("tabular-nums", over && "font-medium text-destructive")}>
      {over ? `+${money(amountCents)}` : money(amountCents)}
    </span>
  );
}

/** Nothing to compare against: shown as a dash, read out as "no budget". */
function NoBudget() {
  const { t } = useTranslation(reportsTexts);
  return (
    <>
      <span aria-hidden="true" className="text-muted-foreground">
        —
      </span>
      <span className="sr-only">{t("reports.table.noBudget")}</span>
    </>
  );
}

/** Of the family's budget, as a share with one decimal; a dash without a budget. */
function OfBudget({ spentCents, budgetCents }: { spentCents: number; budgetCents: number }) {
  const language = useLanguage();
  if (budgetCents <= 0) return <NoBudget />;
  return <>{formatShare(spentCents / budgetCents, localeOf(language))}</>;
}

/** A line of spending outside every category's budget: its amount, and no budget to measure. */
function UnbudgetedRow({
  name,
  color,
  spentCents,
  share,
}: {
  name: string;
  color: string;
  spentCents: number;
  share: boolean;
}) {
  const { t } = useTranslation(reportsTexts);
  const money = useMoney();
  return (
    <tr data-testid="report-row">
      <th scope="row" className={cn(cell, "min-w-32 whitespace-normal text-left font-medium")}>
        <span className="flex items-center gap-2">
          <Dot color={color} />
          {name}
        </span>
      </th>
      <td className={numeric}>
        <NoBudget />
      </td>
      <td className={numeric}>{money(spentCents)}</td>
      <td className={numeric}>
        <NoBudget />
      </td>
      {share ? null : (
        <td className={cell}>
          <Badge variant="outline">{t("reports.table.noBudget")}</Badge>
        </td>
      )}
    </tr>
  );
}

/**
 * Categoria, Meta, Gasto, Dif., Status per category; 'Sem categoria' and 'Gastos privados'
 * (others' private expenses, docs/product.md#private-expenses) only when they have spending.
 *
 * Viewed as a member (`shareLabel`, docs/product.md#viewing-as-a-member): Categoria, Meta (the
 * family's, as budgets stay), their share ('Parte de Léo') and how much of the budget it is, without the
 * difference and the status: those measure what is left of a budget the whole family spends from,
 * which one person's share does not tell.
 */
export function CategoryTable({
  summary,
  shareLabel,
}: {
  summary: MonthSummary;
  shareLabel?: string;
}) {
  const { t } = useTranslation(reportsTexts);
  const share = shareLabel !== undefined;
  const money = useMoney();
  return (
    <Card>
      <CardHeader>
        <h2 id="table-title" className="font-semibold text-lg">
          {t("reports.table.title")}
        </h2>
      </CardHeader>
      {/* On phones the table scrolls inside its card instead of widening the page; "relative"
          keeps the absolutely positioned screen-reader texts inside that clip. */}
      <section
        className="relative overflow-x-auto px-2 pb-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:px-3"
        aria-labelledby="table-title"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
      >
        <table className="w-full text-sm">
          <thead>
            <tr className="border-border border-b text-left text-muted-foreground">
              <th scope="col" className={cn(cell, "font-medium")}>
                {t("reports.table.category")}
              </th>
              <th scope="col" className={cn(numeric, "font-medium")}>
                {t("reports.table.budget")}
              </th>
              <th scope="col" className={cn(numeric, "font-medium")}>
                {shareLabel ?? t("reports.table.spent")}
              </th>
              {share ? (
                <th scope="col" className={cn(numeric, "font-medium")}>
                  {t("reports.table.ofBudget")}
                </th>
              ) : (
                <>
                  <th scope="col" className={cn(numeric, "font-medium")}>
                    {t("reports.table.difference")}
                  </th>
                  <th scope="col" className={cn(cell, "font-medium")}>
                    {t("reports.table.status")}
                  </th>
                </>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {summary.categories.map((category) => (
              <tr key={category.categoryId} data-testid="report-row">
                <th
                  scope="row"
                  className={cn(cell, "min-w-32 whitespace-normal text-left font-medium")}
                >
                  <span className="flex items-center gap-2">
                    <Dot color={category.color} />
                    {category.name}
                  </span>
                </th>
                <td className={numeric}>{money(category.monthlyBudgetCents)}</td>
                <td className={numeric}>{money(category.spentCents)}</td>
                {share ? (
                  <td className={numeric}>
                    <OfBudget
                      spentCents={category.spentCents}
                      budgetCents={category.monthlyBudgetCents}
                    />
                  </td>
                ) : (
                  <>
                    <td className={numeric}>
                      <Difference differenceCents={category.differenceCents} />
                    </td>
                    <td className={cell}>
                      <Badge variant={statusBadgeVariant[category.reportStatus]}>
                        {t(statusKey[category.reportStatus])}
                      </Badge>
                    </td>
                  </>
                )}
              </tr>
            ))}
            {summary.uncategorisedSpentCents > 0 ? (
              <UnbudgetedRow
                name={t("reports.table.uncategorised")}
                color={UNCATEGORISED_COLOR}
                spentCents={summary.uncategorisedSpentCents}
                share={share}
              />
            ) : null}
            {/* Others' private expenses: one unnamed line, in no category and under no budget
                (docs/product.md#private-expenses). */}
            {summary.privateSpentCents > 0 ? (
              <UnbudgetedRow
                name={t("reports.table.private")}
                color={PRIVATE_COLOR}
                spentCents={summary.privateSpentCents}
                share={share}
              />
            ) : null}
          </tbody>
          <tfoot>
            <tr className="border-border border-t-2 font-semibold" data-testid="report-total">
              <th scope="row" className={cn(cell, "text-left")}>
                {t("reports.table.total")}
              </th>
              <td className={numeric}>{money(summary.totalBudgetCents)}</td>
              <td className={numeric}>{money(summary.totalSpentCents)}</td>
              {share ? (
                <td className={numeric}>
                  <OfBudget
                    spentCents={summary.totalSpentCents}
                    budgetCents={summary.totalBudgetCents}
                  />
                </td>
              ) : (
                <>
                  <td className={numeric}>
                    <Difference
                      differenceCents={summary.totalBudgetCents - summary.totalSpentCents}
                    />
                  </td>
                  <td className={cell} />
                </>
              )}
            </tr>
          </tfoot>
        </table>
      </section>
    </Card>
  );
}
