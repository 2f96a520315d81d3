-- Refund shares become cumulative (docs/product.md#refunds): each purchase's refunds split
-- together, so a hundred refunds of R$ 0,01 give back what one of R$ 1,00 would. The functions as
-- they are at this migration (db/functions/expense-shares.sql defines them from now on, replacing
-- these at every start), so the backfill and the new trigger below have them.
CREATE OR REPLACE FUNCTION "refund_split"("purchase" uuid) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('mode', 'percent', 'shares', coalesce(jsonb_agg(
    jsonb_build_object('userId', s."user_id", 'percent', abs(s."amount")::text)
    ORDER BY m."role" = 'owner' DESC NULLS LAST, m."joined_at" NULLS LAST, s."user_id"),
    '[]'::jsonb))
  FROM "expense_shares" s
  LEFT JOIN "family_members" m ON m."user_id" = s."user_id" AND m."family_id" = s."family_id"
  WHERE s."expense_id" = "purchase"
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "refund_shares"("purchase" uuid)
  RETURNS TABLE ("expense_id" uuid, "family_id" uuid, "user_id" uuid, "share" numeric)
  LANGUAGE sql STABLE AS $$
  WITH "weights" AS (SELECT "refund_split"("purchase") AS "split"),
  "refunds" AS (
    SELECT e."id", e."family_id", e."date", -e."amount" AS "own",
      sum(-e."amount") OVER (ORDER BY e."created_at", e."id") AS "upto"
    FROM "expenses" e
    WHERE e."refund_of_id" = "purchase"
  )
  SELECT r."id", r."family_id", d."user_id", d."share"
  FROM "refunds" r CROSS JOIN "weights" w
  CROSS JOIN LATERAL (
    SELECT x."user_id", sum(x."share") AS "share" FROM (
      SELECT a."user_id", a."share"
      FROM "expense_share_amounts"(r."family_id", r."date", -r."upto", w."split") a
      UNION ALL
      SELECT b."user_id", -b."share"
      FROM "expense_share_amounts"(r."family_id", r."date", r."own" - r."upto", w."split") b
    ) x GROUP BY x."user_id"
  ) d
  WHERE d."share" <> 0
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "refunds_split_again"("purchases" uuid[]) RETURNS void
  LANGUAGE sql AS $$
  DELETE FROM "expense_shares" x USING "expenses" e
  WHERE x."expense_id" = e."id" AND e."refund_of_id" = ANY ("purchases");
  INSERT INTO "expense_shares" ("expense_id", "family_id", "user_id", "amount")
  SELECT r."expense_id", r."family_id", r."user_id", r."share"
  FROM unnest("purchases") AS p("id") CROSS JOIN LATERAL "refund_shares"(p."id") r
  WHERE EXISTS (SELECT 1 FROM "users" u WHERE u."id" = r."user_id");
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "expenses_shares_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "old_rows" o WHERE o."refund_of_id" IS NOT NULL) THEN
    PERFORM "refunds_split_again"(ARRAY(
      SELECT DISTINCT o."refund_of_id" FROM "old_rows" o WHERE o."refund_of_id" IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "expenses_shares_deleted" AFTER DELETE ON "expenses" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "expenses_shares_deleted"();
--> statement-breakpoint
-- Every refund recorded so far, split again the cumulative way.
SELECT "refunds_split_again"(ARRAY(
  SELECT DISTINCT "refund_of_id" FROM "expenses" WHERE "refund_of_id" IS NOT NULL));
