import { useTranslation } from "react-i18next";
import { useLanguage } from "../../i18n/use-language";
import { cn } from "../../lib/utils";
import { type SampleAmount, sampleFigures } from "./sample-figures";

/** Made-up figures that add up: 4 weeks of 800.00 against a 3,200.00 monthly budget. */
const weeks = [
  { number: 1, spent: "780.20", percent: 98 },
  { number: 2, spent: "612.40", percent: 77 },
  { number: 3, spent: "547.90", percent: 68 },
  { number: 4, spent: null, percent: 0 },
] as const;
const weeklyBudget = "800.00";

const categories = [
  { key: "groceries", spent: "820.00", budget: "1200.00", percent: 68, dot: "bg-emerald-500" },
  { key: "home", spent: "545.00", budget: "1250.00", percent: 44, dot: "bg-sky-500" },
  { key: "transport", spent: "310.50", budget: "350.00", percent: 89, dot: "bg-amber-500" },
  { key: "leisure", spent: "265.00", budget: "400.00", percent: 66, dot: "bg-violet-500" },
] as const;

function Bar({ percent, warning }: { percent: number; warning?: boolean }) {
  return (
    <div className="h-2 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
      <div
        className={cn("h-full rounded-full", warning ? "bg-amber-500" : "bg-primary")}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

/** A static picture of the monthly overview, shown beside the headline on larger screens. */
export function SampleCard() {
  const { t } = useTranslation();
  const language = useLanguage();
  const figures = sampleFigures[language];
  const money = (amount: SampleAmount) => figures.money[amount];

  return (
    <figure className="relative">
      <div
        className="-inset-4 absolute rounded-[2rem] bg-linear-to-br from-primary/15 via-transparent to-amber-300/20 blur-2xl"
        aria-hidden="true"
      />
      <figcaption className="sr-only">{t("landing.sample.caption")}</figcaption>
      {/* The card's look without Card: its shadow-sm would conflict with shadow-xl, and the landing
          page renders before tailwind-merge is loaded (lib/utils.ts). */}
      <div className="relative space-y-5 rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-xl lg:p-6">
        <div className="flex items-baseline justify-between gap-3">
          <p className="font-semibold text-lg">{t("landing.sample.title")}</p>
          <p className="text-muted-foreground text-sm">{figures.month}</p>
        </div>

        <dl className="grid grid-cols-3 gap-2">
          <div className="rounded-xl bg-muted p-3">
            <dt className="text-muted-foreground text-xs">{t("landing.sample.spent")}</dt>
            <dd className="mt-1 font-semibold text-sm tabular-nums">{money("1940.50")}</dd>
          </div>
          <div className="rounded-xl bg-muted p-3">
            <dt className="text-muted-foreground text-xs">{t("landing.sample.budget")}</dt>
            <dd className="mt-1 font-semibold text-sm tabular-nums">{money("3200.00")}</dd>
          </div>
          <div className="rounded-xl bg-secondary p-3">
            <dt className="text-secondary-foreground text-xs">{t("landing.sample.remaining")}</dt>
            <dd className="mt-1 font-semibold text-sm text-success tabular-nums">
              {money("1259.50")}
            </dd>
          </div>
        </dl>

        <ul className="grid grid-cols-2 gap-2">
          {weeks.map((week) => (
            <li key={week.number} className="space-y-2 rounded-xl border border-border p-3">
              <div className="flex items-center justify-between gap-2 text-xs">
                <span className="font-medium">
                  {t("landing.sample.week", { number: week.number })}
                </span>
                {week.spent === null ? (
                  <span className="text-muted-foreground">{t("landing.sample.waiting")}</span>
                ) : (
                  <span className="text-muted-foreground">{week.percent}%</span>
                )}
              </div>
              <Bar percent={week.percent} warning={week.percent > 80} />
              <p className="text-muted-foreground text-xs tabular-nums">
                {week.spent === null
                  ? t("landing.sample.ofBudget", { amount: money(weeklyBudget) })
                  : `${money(week.spent)} ${t("landing.sample.ofBudget", { amount: money(weeklyBudget) })}`}
              </p>
            </li>
          ))}
        </ul>

        <div className="space-y-3">
          <p className="font-medium text-sm">{t("landing.sample.categories")}</p>
          <ul className="space-y-3">
            {categories.map((category) => (
              <li key={category.key} className="space-y-1.5">
                <div className="flex items-center justify-between gap-2 text-sm">
                  <span className="flex items-center gap-2">
                    <span
                      className={cn("size-2.5 rounded-full", category.dot)}
                      aria-hidden="true"
                    />
                    {t(`landing.sample.${category.key}`)}
                  </span>
                  <span className="text-muted-foreground text-xs tabular-nums">
                    {money(category.spent)} / {money(category.budget)}
                  </span>
                </div>
                <Bar percent={category.percent} warning={category.percent > 80} />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </figure>
  );
}
