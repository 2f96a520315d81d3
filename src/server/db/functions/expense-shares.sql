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
-- The triggers were created by migrations 0017 ("expenses_shares_inserted" AFTER INSERT and
-- "expenses_shares_updated" AFTER UPDATE) and 0025 ("expenses_shares_deleted" AFTER DELETE), FOR
-- EACH STATEMENT, and call these functions by name.
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
    -- In numeric, not bigint: a refund's weights are its purchase's shares in cents (refund_split),
    -- and 99,999,999.99 in cents times such a weight passes 2^63.
    SELECT w."user_id", w."ord",
      div(round(abs("amount") * 100) * w."w", sum(w."w") OVER ()) AS "whole",
      mod(round(abs("amount") * 100) * w."w", sum(w."w") OVER ()) AS "rest"
    FROM "weighted" w
  ), "ranked" AS (
    SELECT p."user_id", p."whole",
      row_number() OVER (ORDER BY p."rest" DESC, p."ord") AS "rank",
      round(abs("amount") * 100) - sum(p."whole") OVER () AS "left_over"
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
-- "percent" split whose percents are the shares' cents as hundredths), so refunds come back to
-- each member in the proportions they paid, whatever the family's rule or members became since
-- the purchase. Ties go to the family's order.
CREATE OR REPLACE FUNCTION "refund_split"("purchase" uuid) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('mode', 'percent', 'shares', coalesce(jsonb_agg(
    jsonb_build_object('userId', s."user_id", 'percent', abs(s."amount")::text)
    ORDER BY m."role" = 'owner' DESC NULLS LAST, m."joined_at" NULLS LAST, s."user_id"),
    '[]'::jsonb))
  FROM "expense_shares" s
  LEFT JOIN "family_members" m ON m."user_id" = s."user_id" AND m."family_id" = s."family_id"
  WHERE s."expense_id" = "purchase"
$$;

-- The shares of every refund of `purchase`, cumulative (docs/product.md#refunds): in the order
-- they were recorded, each refund's shares are the split of all refunded so far minus the split of
-- what was refunded before it. Whatever the sequence, the refunds together split exactly as their
-- total would in one refund, so a hundred refunds of R$ 0,01 give back a R$ 1,00 purchase to the
-- cent, as one refund of R$ 1,00 does (each on its own would round to its owner every time).
-- The rounding of a larger total can take a cent back from a member, so a refund's share may be
-- +R$ 0,01; the refunds' sum per member is what matters. src/domain/testing/refund-shares.ts is
-- its reference.
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

-- The refunds of `purchases` split again, all of each purchase's at once (refund_shares): called
-- whenever a refund is written or deleted, or its purchase is split again.
CREATE OR REPLACE FUNCTION "refunds_split_again"("purchases" uuid[]) RETURNS void
  LANGUAGE sql AS $$
  DELETE FROM "expense_shares" x USING "expenses" e
  WHERE x."expense_id" = e."id" AND e."refund_of_id" = ANY ("purchases");
  INSERT INTO "expense_shares" ("expense_id", "family_id", "user_id", "amount")
  SELECT r."expense_id", r."family_id", r."user_id", r."share"
  FROM unnest("purchases") AS p("id") CROSS JOIN LATERAL "refund_shares"(p."id") r
  WHERE EXISTS (SELECT 1 FROM "users" u WHERE u."id" = r."user_id");
$$;

-- New expenses: their shares. A share of a user whose account is gone is left out. New refunds:
-- all of their purchase's refunds, cumulatively.
CREATE OR REPLACE FUNCTION "expenses_shares_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "expense_shares" ("expense_id", "family_id", "user_id", "amount")
  SELECT n."id", n."family_id", s."user_id", s."share"
  FROM "new_rows" n
  CROSS JOIN LATERAL "expense_share_amounts"(n."family_id", n."date", n."amount", n."split") s
  WHERE n."refund_of_id" IS NULL AND EXISTS (SELECT 1 FROM "users" u WHERE u."id" = s."user_id");
  IF EXISTS (SELECT 1 FROM "new_rows" n WHERE n."refund_of_id" IS NOT NULL) THEN
    PERFORM "refunds_split_again"(ARRAY(
      SELECT DISTINCT n."refund_of_id" FROM "new_rows" n WHERE n."refund_of_id" IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;

-- Changed expenses: split again only those whose amount, date or split changed, so an edit of
-- the description (or a bill moved) never re-splits an old expense by today's rule or members.
-- A purchase split again splits its refunds again by its new shares; a refund's new amount
-- splits all of its purchase's refunds again.
-- The rows that changed are found with EXCEPT (a hash or a sort of the two transition tables), not
-- by joining them on id: transition tables have no statistics, the planner joined them in a nested
-- loop, and a bulk update (a category rule applied to past expenses, docs/product.md#category-rules)
-- took time in the square of its rows (1,848 rows: 1.5 s in this trigger; 10,000: past the
-- statement timeout). EXCEPT compares as IS NOT DISTINCT FROM does, NULLs alike.
CREATE OR REPLACE FUNCTION "expenses_shares_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "expense_shares" x
  USING (SELECT "id", "amount", "date", "split" FROM "new_rows" WHERE "refund_of_id" IS NULL
    EXCEPT SELECT "id", "amount", "date", "split" FROM "old_rows") c
  WHERE x."expense_id" = c."id";
  INSERT INTO "expense_shares" ("expense_id", "family_id", "user_id", "amount")
  SELECT n."id", n."family_id", s."user_id", s."share"
  FROM (SELECT "id", "family_id", "amount", "date", "split" FROM "new_rows"
      WHERE "refund_of_id" IS NULL
    EXCEPT SELECT "id", "family_id", "amount", "date", "split" FROM "old_rows") n
  CROSS JOIN LATERAL "expense_share_amounts"(n."family_id", n."date", n."amount", n."split") s
  WHERE EXISTS (SELECT 1 FROM "users" u WHERE u."id" = s."user_id");
  PERFORM "refunds_split_again"(ARRAY(
    SELECT DISTINCT coalesce(c."refund_of_id", c."id")
    FROM (SELECT "id", "amount", "date", "split", "refund_of_id" FROM "new_rows"
      EXCEPT SELECT "id", "amount", "date", "split", "refund_of_id" FROM "old_rows") c
    WHERE c."refund_of_id" IS NOT NULL
      OR EXISTS (SELECT 1 FROM "expenses" r WHERE r."refund_of_id" = c."id")));
  RETURN NULL;
END $$;

-- Deleted refunds: their purchase's other refunds split again, so what is left of them still
-- adds up as one refund of their total would (migration 0025 binds it).
CREATE OR REPLACE FUNCTION "expenses_shares_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "old_rows" o WHERE o."refund_of_id" IS NOT NULL) THEN
    PERFORM "refunds_split_again"(ARRAY(
      SELECT DISTINCT o."refund_of_id" FROM "old_rows" o WHERE o."refund_of_id" IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;
