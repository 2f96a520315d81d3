-- Budget alerts (docs/product.md#budget-alerts): whether an expense write fires one. After every
-- INSERT or UPDATE statement on expenses, for each category and period (the family's budget month
-- and its week bucket, docs/product.md#budget-periods) the written rows touch, this sums the category's spending in the period and, when it
-- is now strictly above 80% or 100% of the budget (the monthly budget for the month, the stored
-- weekly_budget for a week bucket; a budget of 0 is none), records the alert in budget_alerts
-- and a notification per member, e-mail 'pending' or 'skipped' by their choice. The mail outbox
-- (features/notifications/alert-mail-outbox.ts) sends the pending e-mails after the commit.
--
-- Why in SQL and not in the expense service: every write passes through these triggers in the
-- writing transaction, whatever wrote it: a request, an import's or the recurring job's
-- set-based INSERT ... SELECT, a history restore, a psql prompt. No write path can forget it,
-- and it costs no extra statement per request. The concurrency rule (advisory locks below) sits
-- next to the sums it protects. docs/decisions/008-budget-alerts-in-sql.md weighs the choice.
--
-- The triggers were created by migration 0007 ("expenses_inserted_alerts" AFTER INSERT,
-- "expenses_updated_alerts" AFTER UPDATE, FOR EACH STATEMENT with the written rows as
-- "new_rows") and call this function by name. This file is its only definition: applied with
-- CREATE OR REPLACE after the migrations at every start (src/server/db/database-functions.ts),
-- after budget-rules.sql, whose functions it calls for the periods.
--
-- Exactly once: budget_alerts_once_unique (category, period, the period's name and week,
-- threshold) and
-- ON CONFLICT DO NOTHING. Two writers at the same moment: both statements first move the family's
-- data_version (migration 0004's trigger, which PostgreSQL fires before this one because triggers
-- of one event run in name order and "expenses_inserted" < "expenses_inserted_alerts"), so the
-- second waits for the first to commit; the advisory lock per category states the rule here
-- without relying on that. Locks are always taken family row first, then categories in one order,
-- so a transaction that writes several statements cannot deadlock with another. After the wait,
-- each statement of this VOLATILE function takes a fresh snapshot (READ COMMITTED), so the sums
-- include the other writer's committed expense: together they cross the threshold once.
--
-- A period that has not started (period_start after current_date) never alerts from a write: a
-- purchase in 12 over the budget would otherwise ring for every future month the moment it is
-- written. Its check is held instead, one budget_alert_checks row per category and period first
-- day, and budget_alerts_come_due() (the background job features/notifications/alerts-due-job.ts,
-- every process, every minute) checks it when that day comes, with the same sums and the same
-- exactly-once rule: each check row is deleted by the one transaction that checks it.
-- The alerts of the categories and dates written (each date the one the spending counts on, the
-- bill's due date when the family counts card spending by bill): the trigger's rows, or the held
-- checks that came due. Returns the families that got an alert.
-- `today` is the database's current_date for a write, the job's day for a check that came due.
CREATE OR REPLACE FUNCTION "budget_alerts_touched"("touched_families" uuid[],
  "touched_categories" uuid[], "touched_dates" date[], "today" date)
  RETURNS SETOF uuid LANGUAGE plpgsql AS $$
DECLARE
  "lock_key" integer;
BEGIN
  -- A loop, not one SELECT of the lock calls: the order the locks are taken in is then certain.
  FOR "lock_key" IN
    SELECT DISTINCT hashtext(c::text) FROM unnest("touched_categories") AS c ORDER BY 1
  LOOP
    PERFORM pg_advisory_xact_lock(15, "lock_key");
  END LOOP;

  RETURN QUERY
  WITH "touched" AS (
    -- Only dates whose period may still alert (below): no period is longer than 40 days, so an
    -- import's years of history cost no period sums.
    SELECT DISTINCT r."category_id", r."date", f."period_start" AS "rule_start",
      f."period_day" AS "rule_day", f."period_saturdays" AS "rule_saturdays",
      f."period_closed_day" AS "rule_closed_day", f."card_spending_by" = 'bill' AS "by_bill"
    FROM unnest("touched_families", "touched_categories", "touched_dates")
      AS r("family_id", "category_id", "date")
    JOIN "families" f ON f."id" = r."family_id"
    WHERE r."date" >= "today" - 50
  ),
  "named" AS (
    -- The family's period each date counts in (budget-rules.sql), by its name: the month that
    -- names it, the key an alert is given once by, whatever its days become later.
    SELECT t.*, "budget_period_month"(t."date", t."rule_start", t."rule_day",
      t."rule_saturdays", t."rule_closed_day") AS "period_month"
    FROM "touched" t
  ),
  "bounded" AS (
    SELECT n."category_id", n."date", n."period_month", n."by_bill",
      "budget_period_start"(extract(year FROM n."period_month")::integer,
        extract(month FROM n."period_month")::integer, n."rule_start", n."rule_day",
        n."rule_saturdays", n."rule_closed_day") AS "first",
      "budget_period_end"(extract(year FROM n."period_month")::integer,
        extract(month FROM n."period_month")::integer, n."rule_start", n."rule_day",
        n."rule_saturdays", n."rule_closed_day") AS "last"
    FROM "named" n
  ),
  "periods" AS (
    SELECT DISTINCT "category_id", 'month' AS "period", "period_month", 0 AS "period_week",
      "first" AS "period_start", "last" AS "period_end", "by_bill"
    FROM "bounded"
    UNION
    SELECT DISTINCT b."category_id", 'week', b."period_month", w."week",
      b."first" + (w."week" - 1) * 7,
      CASE WHEN w."week" = 4 THEN b."last" ELSE b."first" + w."week" * 7 - 1 END, b."by_bill"
    FROM "bounded" b
    CROSS JOIN LATERAL (SELECT "budget_period_week"(b."date", b."first") AS "week") w
  ),
  "held" AS (
    -- Periods still to come, of a category with a budget for them: checked when they start.
    INSERT INTO "budget_alert_checks" ("category_id", "family_id", "due_on")
    SELECT DISTINCT c."id", c."family_id", p."period_start"
    FROM "periods" p
    JOIN "categories" c ON c."id" = p."category_id"
    WHERE p."period_start" > "today"
      AND CASE p."period" WHEN 'month' THEN c."monthly_budget" ELSE c."weekly_budget" END > 0
    ON CONFLICT DO NOTHING
  ),
  -- The periods an alert can still come from, the ones whose spending is summed below.
  -- MATERIALIZED, so the planner cannot move these conditions after the sums.
  "open" AS MATERIALIZED (
    SELECT c."family_id", c."id" AS "category_id", c."name", p."period", p."period_month",
      p."period_week", p."period_start", p."period_end", p."by_bill",
      CASE p."period" WHEN 'month' THEN c."monthly_budget" ELSE c."weekly_budget" END AS "budget"
    FROM "periods" p
    JOIN "categories" c ON c."id" = p."category_id"
    -- A period that ended more than a week ago no longer alerts: a history import or a recurring
    -- catch-up after long downtime must not mail about months gone by. A week leaves room for
    -- any time zone and for an expense recorded a few days late. One that has not started yet
    -- waits for its check ("held" above).
    WHERE p."period_end" >= "today" - 7 AND p."period_start" <= "today"
      -- No sum where no alert can follow: a category without a budget for the period (a budget
      -- of 0 is none), or one whose 100% alert is recorded (its 80% one is then too, below):
      -- both inserts would be conflicts. The sum is the write's costliest part and runs while
      -- the family's row is held, so each of the family's writers waits for it
      -- (docs/benchmarks.md#writes-to-one-family).
      AND CASE p."period" WHEN 'month' THEN c."monthly_budget" ELSE c."weekly_budget" END > 0
      AND NOT EXISTS (
        SELECT 1 FROM "budget_alerts" done
        WHERE done."category_id" = c."id" AND done."period" = p."period"
          AND done."period_month" = p."period_month" AND done."period_week" = p."period_week"
          AND done."threshold" = 100
      )
  ),
  "sums" AS (
    SELECT o.*,
      -- What counts by its date, then (counted by bill) the card purchases whose bill is due in
      -- the period: each on its index, as src/server/db/budget-date.ts writes the requests'.
      (SELECT coalesce(sum(e."amount"), 0) FROM "expenses" e
        WHERE e."family_id" = o."family_id" AND e."category_id" = o."category_id"
          AND e."date" BETWEEN o."period_start" AND o."period_end"
          AND (NOT o."by_bill" OR e."bill_id" IS NULL) AND NOT e."private")
      + CASE WHEN o."by_bill" THEN
        (SELECT coalesce(sum(e."amount"), 0) FROM "card_bills" b
          JOIN "expenses" e ON e."bill_id" = b."id" AND e."family_id" = b."family_id"
          WHERE b."family_id" = o."family_id" AND e."category_id" = o."category_id"
            AND b."due_on" BETWEEN o."period_start" AND o."period_end" AND NOT e."private")
        ELSE 0 END AS "spent"
    FROM "open" o
  ),
  "crossed" AS (
    INSERT INTO "budget_alerts"
      ("family_id", "category_id", "category_name", "period", "period_month", "period_week",
       "period_start", "period_end", "threshold", "budget", "spent")
    SELECT s."family_id", s."category_id", s."name", s."period", s."period_month",
      s."period_week", s."period_start", s."period_end", t."threshold", s."budget", s."spent"
    FROM "sums" s
    CROSS JOIN (VALUES (80), (100)) AS t("threshold")
    -- Strictly above, as the dashboard's warning and over (docs/product.md#dashboard-category-status).
    WHERE s."spent" * 100 > s."budget" * t."threshold"
    ON CONFLICT DO NOTHING
    RETURNING "id", "family_id", "category_id", "period", "period_month", "period_week",
      "threshold"
  ),
  "told" AS (
    INSERT INTO "notifications" ("user_id", "family_id", "kind", "budget_alert_id", "email_status")
    SELECT m."user_id", a."family_id", 'budget_alert', a."id",
      CASE WHEN u."budget_alert_emails" THEN 'pending' ELSE 'skipped' END
    FROM "crossed" a
    JOIN "family_members" m ON m."family_id" = a."family_id"
    JOIN "users" u ON u."id" = m."user_id"
    -- One expense that jumps past both thresholds tells members once, with the 100% alert; the
    -- 80% row is still recorded, so it never comes later in that period.
    WHERE NOT EXISTS (
      SELECT 1 FROM "crossed" h
      WHERE h."category_id" = a."category_id" AND h."period" = a."period"
        AND h."period_month" = a."period_month" AND h."period_week" = a."period_week"
        AND h."threshold" > a."threshold"
    )
    RETURNING "family_id"
  )
  SELECT DISTINCT "family_id" FROM "told";
END $$;

-- The trigger: the written rows' categories and the dates they count on. Example expenses
-- (seeded with a new family) never alert by themselves; they still count in the sums, as they do
-- on the dashboard. A private expense is in no category but its author's
-- (docs/product.md#private-expenses): an alert, which every member reads, neither fires on it nor
-- counts it.
CREATE OR REPLACE FUNCTION "expenses_budget_alerts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "fs" uuid[];
  "cs" uuid[];
  "ds" date[];
BEGIN
  SELECT array_agg(r."family_id"), array_agg(r."category_id"),
    array_agg("budget_date_of"(r."date", r."bill_id", f."card_spending_by" = 'bill'))
  INTO "fs", "cs", "ds"
  FROM "new_rows" r
  JOIN "families" f ON f."id" = r."family_id"
  WHERE r."category_id" IS NOT NULL AND NOT r."is_example" AND NOT r."private";
  IF "fs" IS NOT NULL THEN
    PERFORM 1 FROM "budget_alerts_touched"("fs", "cs", "ds", current_date);
  END IF;
  RETURN NULL;
END $$;

-- The held checks whose period has started by `today` (the background job's local day): each
-- deleted by the one transaction that checks it, so two processes never check the same one.
-- Returns the families that got an alert, whose open screens and mail outbox are told.
CREATE OR REPLACE FUNCTION "budget_alerts_come_due"("today" date) RETURNS SETOF uuid
  LANGUAGE plpgsql AS $$
DECLARE
  "fs" uuid[];
  "cs" uuid[];
  "ds" date[];
BEGIN
  WITH "due" AS (
    DELETE FROM "budget_alert_checks" WHERE "due_on" <= "today"
    RETURNING "family_id", "category_id", "due_on"
  )
  SELECT array_agg("family_id"), array_agg("category_id"), array_agg("due_on")
  INTO "fs", "cs", "ds" FROM "due";
  IF "fs" IS NULL THEN RETURN; END IF;
  RETURN QUERY SELECT * FROM "budget_alerts_touched"("fs", "cs", "ds", "today");
END $$;
