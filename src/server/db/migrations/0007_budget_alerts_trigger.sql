-- Budget alerts (docs/product.md#budget-alerts) are decided by the database, in the
-- transaction that writes the expense: a person's request, the recurring rules' job, an import or
-- a psql prompt all pass through these triggers, so none of them can forget to check.
--
-- Exactly once: budget_alerts_once_unique (category, period, period start, threshold) and
-- ON CONFLICT DO NOTHING. Two writers at the same moment: both statements first move the family's
-- data_version (migration 0004's trigger, which PostgreSQL fires before this one because triggers
-- of one event run in name order and "expenses_inserted" < "expenses_inserted_alerts"), so the
-- second waits for the first to commit; the advisory lock per category states the rule here
-- without relying on that. Locks are always taken family row first, then categories in one order,
-- so a transaction that writes several statements cannot deadlock with another. After the wait,
-- each statement of this VOLATILE function takes a fresh snapshot (READ COMMITTED), so the sums
-- include the other writer's committed expense: together they cross the threshold once.
CREATE FUNCTION "expenses_budget_alerts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "lock_key" integer;
BEGIN
  -- A loop, not one SELECT of the lock calls: the order the locks are taken in is then certain.
  FOR "lock_key" IN
    SELECT DISTINCT hashtext("category_id"::text) FROM "new_rows"
    WHERE "category_id" IS NOT NULL AND NOT "is_example"
    ORDER BY 1
  LOOP
    PERFORM pg_advisory_xact_lock(15, "lock_key");
  END LOOP;

  WITH "touched" AS (
    -- Example expenses (seeded with a new family) never alert by themselves; they still count in
    -- the sums, as they do on the dashboard.
    -- Date arithmetic only (date - integer): no time zone is involved anywhere.
    SELECT DISTINCT "category_id", "date" - (extract(day FROM "date")::integer - 1) AS "month_start",
      "date" - (extract(day FROM "date")::integer - 1)
        + least((extract(day FROM "date")::integer - 1) / 7, 3) * 7 AS "week_start"
    FROM "new_rows"
    WHERE "category_id" IS NOT NULL AND NOT "is_example"
  ),
  "periods" AS (
    SELECT DISTINCT "category_id", 'month' AS "period", "month_start" AS "period_start",
      ("month_start" + interval '1 month' - interval '1 day')::date AS "period_end"
    FROM "touched"
    UNION
    -- Week buckets: days 1-7, 8-14, 15-21 and 22 to the month's end (src/domain/budget.ts).
    SELECT DISTINCT "category_id", 'week', "week_start",
      CASE WHEN extract(day FROM "week_start") = 22
        THEN ("month_start" + interval '1 month' - interval '1 day')::date
        ELSE "week_start" + 6 END
    FROM "touched"
  ),
  "sums" AS (
    SELECT c."family_id", c."id" AS "category_id", c."name", p."period", p."period_start",
      CASE p."period" WHEN 'month' THEN c."monthly_budget" ELSE c."weekly_budget" END AS "budget",
      (SELECT coalesce(sum(e."amount"), 0) FROM "expenses" e
        WHERE e."family_id" = c."family_id" AND e."category_id" = c."id"
          AND e."date" BETWEEN p."period_start" AND p."period_end") AS "spent"
    FROM "periods" p
    JOIN "categories" c ON c."id" = p."category_id"
    -- A period that ended more than a week ago no longer alerts: a history import or a recurring
    -- catch-up after long downtime must not mail about months gone by. A week leaves room for
    -- any time zone and for an expense recorded a few days late.
    WHERE p."period_end" >= current_date - 7
  ),
  "crossed" AS (
    INSERT INTO "budget_alerts"
      ("family_id", "category_id", "category_name", "period", "period_start", "threshold",
       "budget", "spent")
    SELECT s."family_id", s."category_id", s."name", s."period", s."period_start", t."threshold",
      s."budget", s."spent"
    FROM "sums" s
    CROSS JOIN (VALUES (80), (100)) AS t("threshold")
    -- Strictly above, as the dashboard's warning and over (docs/product.md#dashboard-category-status);
    -- a budget of 0 means no budget.
    WHERE s."budget" > 0 AND s."spent" * 100 > s."budget" * t."threshold"
    ON CONFLICT DO NOTHING
    RETURNING "id", "family_id", "category_id", "period", "period_start", "threshold"
  )
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
      AND h."period_start" = a."period_start" AND h."threshold" > a."threshold"
  );
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "expenses_inserted_alerts" AFTER INSERT ON "expenses" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "expenses_budget_alerts"();--> statement-breakpoint
-- An edit can move an expense into another category or period, or raise its amount; one that
-- brings spending back under a threshold changes nothing (the alert stays recorded).
CREATE TRIGGER "expenses_updated_alerts" AFTER UPDATE ON "expenses" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "expenses_budget_alerts"();
