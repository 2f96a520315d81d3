-- An expense's calendar month and year, generated from its date, named the wrong month under a
-- budget month that does not start on the 1st (docs/product.md#budget-periods), and nothing read
-- them: every month is a date range of the family's rule (db/functions/budget-rules.sql) on the
-- keyset index. expenses_seen_by (db/functions/seen-by.sql) lists the columns it returns; the
-- functions are applied again after the migrations, so it is replaced before any read.
DROP INDEX "expenses_family_year_month_idx";--> statement-breakpoint
ALTER TABLE "expenses" DROP COLUMN "month";--> statement-breakpoint
ALTER TABLE "expenses" DROP COLUMN "year";
