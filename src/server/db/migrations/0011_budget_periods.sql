ALTER TABLE "family_history" DROP CONSTRAINT "family_history_kind_check";--> statement-breakpoint
DROP INDEX "budget_alerts_once_unique";--> statement-breakpoint
ALTER TABLE "budget_alerts" ADD COLUMN "period_month" date;--> statement-breakpoint
ALTER TABLE "budget_alerts" ADD COLUMN "period_week" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "budget_alerts" ADD COLUMN "period_end" date;--> statement-breakpoint
-- Every alert so far was of a calendar month or of its week buckets (1-7, 8-14, 15-21, 22-end).
UPDATE "budget_alerts" SET
  "period_month" = date_trunc('month', "period_start"::timestamp)::date,
  "period_week" = CASE "period" WHEN 'month' THEN 0
    ELSE least((extract(day FROM "period_start")::integer - 1) / 7, 3) + 1 END,
  "period_end" = CASE
    WHEN "period" = 'month' OR extract(day FROM "period_start") >= 22
      THEN (date_trunc('month', "period_start"::timestamp) + interval '1 month')::date - 1
    ELSE "period_start" + 6 END;--> statement-breakpoint
ALTER TABLE "budget_alerts" ALTER COLUMN "period_month" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "budget_alerts" ALTER COLUMN "period_end" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "families" ADD COLUMN "period_start" text DEFAULT 'first-day' NOT NULL;--> statement-breakpoint
ALTER TABLE "families" ADD COLUMN "period_day" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "families" ADD COLUMN "period_saturdays" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "families" ADD COLUMN "period_closed_day" text DEFAULT 'stay' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "budget_alerts_once_unique" ON "budget_alerts" USING btree ("category_id","period","period_month","period_week","threshold");--> statement-breakpoint
ALTER TABLE "families" ADD CONSTRAINT "families_period_check" CHECK (("families"."period_start" = 'first-day' and "families"."period_day" = 1)
        or ("families"."period_start" = 'fixed-day' and "families"."period_day" between 2 and 28)
        or ("families"."period_start" = 'business-day' and "families"."period_day" between 1 and 10)
        or ("families"."period_start" = 'last-business-day' and "families"."period_day" = 1));--> statement-breakpoint
ALTER TABLE "families" ADD CONSTRAINT "families_period_closed_day_check" CHECK ("families"."period_closed_day" in ('stay', 'previous', 'next'));--> statement-breakpoint
ALTER TABLE "family_history" ADD CONSTRAINT "family_history_kind_check" CHECK ("family_history"."kind" in ('expense', 'category', 'recurring', 'import', 'member', 'invite', 'family'));--> statement-breakpoint
-- The calendar month's functions gave way to the family's period (functions/budget-rules.sql);
-- the alert trigger's function no longer calls them once budget-alerts.sql is applied again.
DROP FUNCTION IF EXISTS "budget_week_last_day"(date);--> statement-breakpoint
DROP FUNCTION IF EXISTS "budget_week_first_day"(date);--> statement-breakpoint
DROP FUNCTION IF EXISTS "budget_week_of"(date);--> statement-breakpoint
DROP FUNCTION IF EXISTS "budget_month_last_day"(date);--> statement-breakpoint
DROP FUNCTION IF EXISTS "budget_month_first_day"(date);
