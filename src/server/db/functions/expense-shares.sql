-- For whom an expense is (docs/product.md#for-whom, docs/decisions/012-yours-mine-ours.md): each
-- member's share, in cents that add up to the expense's amount, derived from expenses.split into
-- expense_shares by the database in the statement that writes the expense.
--
-- Why in SQL: every expense write (a person's, an import's or the recurring job's set-based
-- INSERT ... SELECT, installments, a restore, psql) passes through these triggers in its own
-- transaction, so no write path can forget the shares and none costs a statement more. The rule
-- is src/domain/shares.ts's splitByWeights; src/server/db/expense-shares.api.test.ts holds this
-- function equal to it on random amounts and weights.
--
-- The triggers were created by migration 0017 ("expenses_shares_inserted" AFTER INSERT and
-- "expenses_shares_updated" AFTER UPDATE, FOR EACH STATEMENT) and call these functions by name.
-- This file is their only definition, applied with CREATE OR REPLACE after the migrations at
-- every start (src/server/db/database-functions.ts).

-- The shares of `amount` for `split`, the family's members and rules as they are now: the
-- family's rule of `on_date` (equal when none, or when it weighs every member of the moment at
-- zero), one member, percentages (weights in hundredths) or the amounts as typed. The cents left
-- over by the whole parts go one each to the largest remainders, ties to the member first in the
-- family's order (the owner, then by joining) or in the typed order. Zero shares are left out.
-- A negative amount (a refund, docs/decisions/013-income-refunds-net.md) splits its absolute
-- cents by the same rule and negates each share, so a full refund undoes its purchase to the cent.
CREATE OR REPLACE FUNCTION "expense_share_amounts"("family" uuid, "on_date" date, "amount" numeric,
  "split" jsonb) RETURNS TABLE ("user_id" uuid, "share" numeric) LANGUAGE sql STABLE AS $$
  WITH "rule" AS (
    SELECT r."weights" FROM "family_split_rules" r
    WHERE r."family_id" = "family" AND r."valid_from" <= "on_date"
    ORDER BY r."valid_from" DESC LIMIT 1
  ), "members" AS (
    SELECT m."user_id",
      row_number() OVER (ORDER BY m."role" = 'owner' DESC, m."joined_at", m."user_id") AS "ord",
      CASE WHEN (SELECT "weights" FROM "rule") IS NULL THEN 1
        ELSE coalesce(((SELECT "weights" FROM "rule") ->> m."user_id"::text)::bigint, 0) END AS "w"
    FROM "family_members" m
    WHERE m."family_id" = "family" AND "split" ->> 'mode' = 'family'
  ), "weighted" AS (
    SELECT m."user_id", m."ord",
      CASE WHEN sum(m."w") OVER () = 0 THEN 1::bigint ELSE m."w" END AS "w"
    FROM "members" m
    UNION ALL
    SELECT ("split" ->> 'userId')::uuid, 1, 1 WHERE "split" ->> 'mode' = 'one'
    UNION ALL
    SELECT (s ->> 'userId')::uuid, o, round((s ->> 'percent')::numeric * 100)::bigint
    FROM jsonb_array_elements(CASE WHEN "split" ->> 'mode' = 'percent' THEN "split" -> 'shares'
      ELSE '[]'::jsonb END) WITH ORDINALITY AS p(s, o)
  ), "parts" AS (
    SELECT w."user_id", w."ord",
      (round(abs("amount") * 100)::bigint * w."w") / (sum(w."w") OVER ())::bigint AS "whole",
      (round(abs("amount") * 100)::bigint * w."w") % (sum(w."w") OVER ())::bigint AS "rest"
    FROM "weighted" w
  ), "ranked" AS (
    SELECT p."user_id", p."whole",
      row_number() OVER (ORDER BY p."rest" DESC, p."ord") AS "rank",
      round(abs("amount") * 100)::bigint - (sum(p."whole") OVER ())::bigint AS "left_over"
    FROM "parts" p
  )
  SELECT r."user_id",
    (sign("amount") * (r."whole" + CASE WHEN r."rank" <= r."left_over" THEN 1 ELSE 0 END)::numeric
      / 100)::numeric(12, 2)
  FROM "ranked" r
  WHERE r."whole" + CASE WHEN r."rank" <= r."left_over" THEN 1 ELSE 0 END > 0
  UNION ALL
  SELECT (s ->> 'userId')::uuid, sign("amount") * (s ->> 'amount')::numeric
  FROM jsonb_array_elements(CASE WHEN "split" ->> 'mode' = 'amounts' THEN "split" -> 'shares'
    ELSE '[]'::jsonb END) AS a(s)
  WHERE (s ->> 'amount')::numeric > 0
$$;

-- A refund's split (docs/product.md#refunds): its purchase's stored shares as the weights (a
-- "percent" split whose percents are the shares' cents as hundredths), so the refund comes back
-- to each member in the proportions they paid, whatever the family's rule or members became since
-- the purchase; a full refund gives back each share exactly. Ties go to the family's order.
CREATE OR REPLACE FUNCTION "refund_split"("purchase" uuid) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('mode', 'percent', 'shares', coalesce(jsonb_agg(
    jsonb_build_object('userId', s."user_id", 'percent', abs(s."amount")::text)
    ORDER BY m."role" = 'owner' DESC NULLS LAST, m."joined_at" NULLS LAST, s."user_id"),
    '[]'::jsonb))
  FROM "expense_shares" s
  LEFT JOIN "family_members" m ON m."user_id" = s."user_id" AND m."family_id" = s."family_id"
  WHERE s."expense_id" = "purchase"
$$;

-- New expenses: their shares. A share of a user whose account is gone is left out.
CREATE OR REPLACE FUNCTION "expenses_shares_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "expense_shares" ("expense_id", "family_id", "user_id", "amount")
  SELECT n."id", n."family_id", s."user_id", s."share"
  FROM "new_rows" n
  CROSS JOIN LATERAL "expense_share_amounts"(n."family_id", n."date", n."amount",
    -- A refund's shares follow its purchase's (refund_split); anything else, its own split.
    CASE WHEN n."refund_of_id" IS NULL THEN n."split" ELSE "refund_split"(n."refund_of_id") END) s
  WHERE EXISTS (SELECT 1 FROM "users" u WHERE u."id" = s."user_id");
  RETURN NULL;
END $$;

-- Changed expenses: split again only those whose amount, date or split changed, so an edit of
-- the description (or a bill moved) never re-splits an old expense by today's rule or members.
CREATE OR REPLACE FUNCTION "expenses_shares_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "expense_shares" x
  USING "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
  WHERE x."expense_id" = n."id"
    AND (n."amount", n."date", n."split") IS DISTINCT FROM (o."amount", o."date", o."split");
  INSERT INTO "expense_shares" ("expense_id", "family_id", "user_id", "amount")
  SELECT n."id", n."family_id", s."user_id", s."share"
  FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
  CROSS JOIN LATERAL "expense_share_amounts"(n."family_id", n."date", n."amount",
    -- A refund's shares follow its purchase's (refund_split); anything else, its own split.
    CASE WHEN n."refund_of_id" IS NULL THEN n."split" ELSE "refund_split"(n."refund_of_id") END) s
  WHERE (n."amount", n."date", n."split") IS DISTINCT FROM (o."amount", o."date", o."split")
    AND EXISTS (SELECT 1 FROM "users" u WHERE u."id" = s."user_id");
  RETURN NULL;
END $$;
