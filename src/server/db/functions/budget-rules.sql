-- The budget rules that SQL computes, each defined once, here: the month and the week bucket a
-- calendar date falls in, and their first and last days (docs/product.md#week-buckets). The
-- month summary (features/summary/service.ts), the 12-month trend (features/summary/
-- trend-service.ts) and the budget alerts (functions/budget-alerts.sql) call them instead of
-- their own arithmetic. Their TypeScript twin is weekOfMonth in src/domain/budget.ts;
-- src/server/db/budget-rules.api.test.ts holds the two equal on random dates from 1900 to 2199.
--
-- The weekly budget is not computed here: the alerts compare a week with the category's stored
-- weekly_budget (docs/product.md#budgets), and monthly / 4 (weeklyBudgetOf) is the dashboard's,
-- computed in TypeScript.
--
-- Each is LANGUAGE sql, IMMUTABLE and not STRICT, with one SELECT of immutable operators, so the
-- planner inlines it: called on a constant it is folded before planning (the month's range stays
-- an index condition on expenses (family_id, date, ...)), called on a column it is the arithmetic
-- itself, with no function call per row. Calendar dates only (date +/- integer, and timestamp
-- WITHOUT time zone for date_trunc and + interval, cast back to date): no time zone is involved.
--
-- Applied with CREATE OR REPLACE after the migrations at every start (src/server/db/
-- database-functions.ts): an edit here takes effect at the next start. Changing an argument or
-- the return type needs the old function dropped in a new migration first. Each function calls
-- only those defined above it, as PostgreSQL checks a SQL function's body when it is created.

-- The first day of the month that `d` falls in.
CREATE OR REPLACE FUNCTION "budget_month_first_day"("d" date) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT date_trunc('month', "d"::timestamp)::date
$$;

-- The last day of the month that `d` falls in (28, 29, 30 or 31).
CREATE OR REPLACE FUNCTION "budget_month_last_day"("d" date) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ("budget_month_first_day"("d") + interval '1 month')::date - 1
$$;

-- The week bucket of `d`, 1 to 4: days 1-7, 8-14, 15-21, and 22 to the month's end, so the
-- fourth has 7 to 10 days (weekOfMonth in src/domain/budget.ts).
CREATE OR REPLACE FUNCTION "budget_week_of"("d" date) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT least((extract(day FROM "d")::integer - 1) / 7, 3) + 1
$$;

-- The first day of the week bucket that `d` falls in: the 1st, 8th, 15th or 22nd.
CREATE OR REPLACE FUNCTION "budget_week_first_day"("d" date) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT "budget_month_first_day"("d") + ("budget_week_of"("d") - 1) * 7
$$;

-- The last day of the week bucket that `d` falls in: the 7th, 14th, 21st or the month's last.
CREATE OR REPLACE FUNCTION "budget_week_last_day"("d" date) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN "budget_week_of"("d") = 4 THEN "budget_month_last_day"("d")
    ELSE "budget_week_first_day"("d") + 6 END
$$;
