-- The budget rules that SQL computes, each defined once, here: Brazil's national holidays, the
-- business days, the family's budget month (its period) and the week bucket a calendar date falls
-- in (docs/product.md#budget-periods, #week-buckets). The month summary (features/summary/
-- service.ts), the 12-month trend (features/summary/trend-service.ts), the expense list's and the
-- export's month (features/expenses/) and the budget alerts (functions/budget-alerts.sql) call
-- them instead of their own arithmetic. Their TypeScript twins are src/domain/brazil-holidays.ts
-- and src/domain/budget-period.ts; src/server/db/budget-rules.api.test.ts holds the two equal
-- on random rules and dates.
--
-- A family's rule is four arguments, the columns families.period_start, period_day,
-- period_saturdays and period_closed_day (BudgetPeriodRule in src/contract/budget-period-rule.ts).
-- A period is named by a calendar month: budget_period_start(year, month, rule) is the first day
-- of the period that month names, and the period ends the day before the next one starts.
--
-- Called on constants (a request's year and month and its family's rule), an IMMUTABLE function
-- is evaluated once while the statement is planned, so the period's bounds are constants of the
-- keyset index condition on expenses (family_id, date, ...). Called on a column it runs per row:
-- the queries that group many expenses by period (the trend) bucket the dates against the
-- periods' first days (width_bucket) rather than calling budget_period_month per row.
--
-- Calendar dates only (date +/- integer, make_date, extract): no time zone is involved.
-- Applied with CREATE OR REPLACE after the migrations at every start (src/server/db/
-- database-functions.ts): an edit here takes effect at the next start. Changing an argument or
-- the return type needs the old function dropped in a new migration first. Each function calls
-- only those defined above it.

-- Easter Sunday of a Gregorian year (the anonymous algorithm, as in Meeus; easterSunday).
CREATE OR REPLACE FUNCTION "budget_easter"("y" integer) RETURNS date
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  a integer := "y" % 19;
  b integer := "y" / 100;
  c integer := "y" % 100;
  h integer;
  l integer;
  m integer;
BEGIN
  h := (19 * a + b - b / 4 - (b - (b + 8) / 25 + 1) / 3 + 15) % 30;
  l := (32 + 2 * (b % 4) + 2 * (c / 4) - h - c % 4) % 7;
  m := (a + 11 * h + 22 * l) / 451;
  RETURN make_date("y", (h + l - 7 * m + 114) / 31, (h + l - 7 * m + 114) % 31 + 1);
END $$;

-- Whether `d` is a national holiday of Brazil: the fixed ones (Consciência Negra from 2024), and
-- Carnaval Monday and Tuesday, Good Friday and Corpus Christi as the banks keep them
-- (brazilNationalHolidays).
CREATE OR REPLACE FUNCTION "budget_is_holiday"("d" date) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT (extract(month FROM "d")::integer * 100 + extract(day FROM "d")::integer)
      IN (101, 421, 501, 907, 1012, 1102, 1115, 1225)
    OR (extract(month FROM "d") = 11 AND extract(day FROM "d") = 20
      AND extract(year FROM "d") >= 2024)
    OR ("d" - "budget_easter"(extract(year FROM "d")::integer)) IN (-48, -47, -2, 60)
$$;

-- Monday to Friday, or to Saturday when `saturdays`, and not a holiday (isBusinessDay).
CREATE OR REPLACE FUNCTION "budget_is_business_day"("d" date, "saturdays" boolean) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT extract(isodow FROM "d") < CASE WHEN "saturdays" THEN 7 ELSE 6 END
    AND NOT "budget_is_holiday"("d")
$$;

-- The first day of the period that the calendar month (`y`, `m`) names, under the family's rule
-- (periodStart): the 1st; a fixed day (up to the 15th of that month, later ones of the month
-- before), kept or moved off a weekend or holiday; the Nth business day of the month; or the last
-- business day of the month before.
CREATE OR REPLACE FUNCTION "budget_period_start"(
  "y" integer, "m" integer, "start" text, "day" integer, "saturdays" boolean, "closed_day" text
) RETURNS date
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  d date := make_date("y", "m", 1);
  n integer := 0;
  step integer;
BEGIN
  IF "start" = 'fixed-day' THEN
    IF "day" > 15 THEN d := (d - interval '1 month')::date; END IF;
    d := d + ("day" - 1);
    IF "closed_day" = 'stay' THEN RETURN d; END IF;
    step := CASE "closed_day" WHEN 'next' THEN 1 ELSE -1 END;
    WHILE NOT "budget_is_business_day"(d, "saturdays") LOOP d := d + step; END LOOP;
    RETURN d;
  ELSIF "start" = 'business-day' THEN
    LOOP
      IF "budget_is_business_day"(d, "saturdays") THEN
        n := n + 1;
        IF n = "day" THEN RETURN d; END IF;
      END IF;
      d := d + 1;
    END LOOP;
  ELSIF "start" = 'last-business-day' THEN
    d := d - 1;
    WHILE NOT "budget_is_business_day"(d, "saturdays") LOOP d := d - 1; END LOOP;
    RETURN d;
  END IF;
  RETURN d;
END $$;

-- The last day of the period that (`y`, `m`) names: the day before the next period's first.
CREATE OR REPLACE FUNCTION "budget_period_end"(
  "y" integer, "m" integer, "start" text, "day" integer, "saturdays" boolean, "closed_day" text
) RETURNS date
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT "budget_period_start"(
    CASE WHEN "m" = 12 THEN "y" + 1 ELSE "y" END, "m" % 12 + 1,
    "start", "day", "saturdays", "closed_day") - 1
$$;

-- The name of the period `d` counts in, as the first day of the calendar month that names it
-- (periodOf): the next month's period when it has started by `d`, else `d`'s own month's when
-- it has, else the month before's.
CREATE OR REPLACE FUNCTION "budget_period_month"(
  "d" date, "start" text, "day" integer, "saturdays" boolean, "closed_day" text
) RETURNS date
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  own date := date_trunc('month', "d"::timestamp)::date;
  following date := (own + interval '1 month')::date;
BEGIN
  IF "start" = 'first-day' THEN RETURN own; END IF;
  IF "budget_period_start"(extract(year FROM following)::integer, extract(month FROM following)::integer,
      "start", "day", "saturdays", "closed_day") <= "d" THEN
    RETURN following;
  END IF;
  IF "budget_period_start"(extract(year FROM own)::integer, extract(month FROM own)::integer,
      "start", "day", "saturdays", "closed_day") <= "d" THEN
    RETURN own;
  END IF;
  RETURN (own - interval '1 month')::date;
END $$;

-- The week bucket of `d` in the period that starts on `first`, 1 to 4: days 1-7, 8-14, 15-21
-- and 22 to the period's end (weekOfPeriod): 7 to 10 days in a calendar month, 3 to 14 under
-- other rules, whose periods run 24 to 35 days. Inlined by the planner: on a column it is the
-- arithmetic itself.
CREATE OR REPLACE FUNCTION "budget_period_week"("d" date, "first" date) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT least(("d" - "first") / 7, 3) + 1
$$;

-- The date an expense counts on in the budget (docs/product.md#counting-card-spending-by-bill):
-- its own, or, for a family counting card spending by bill, a card purchase's bill's due date.
-- STABLE, not IMMUTABLE: it reads card_bills. The requests' conditions are src/server/db/
-- budget-date.ts; the alert trigger (budget-alerts.sql) calls this.
CREATE OR REPLACE FUNCTION "budget_date_of"("d" date, "bill" uuid, "by_bill" boolean) RETURNS date
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN "by_bill" AND "bill" IS NOT NULL
    THEN coalesce((SELECT b."due_on" FROM "card_bills" b WHERE b."id" = "bill"), "d")
    ELSE "d" END
$$;
