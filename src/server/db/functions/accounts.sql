-- Account balances (docs/product.md#account-balances, #reconciliation): the one home of the rule,
-- read by the payment methods' list, the dashboard's 'Saldo em contas' (features/payment-methods)
-- and the reconciliation with the bank (features/reconciliation).
--
-- An account's balance at the end of `on_date`: its opening balance (the bank's at the start of
-- its opening date, 0 when none was typed), plus the incomes into it, less the expenses paid from
-- it (a refund is a negative expense, so it comes back) and the card bills paid from it, plus the
-- transfers and settlements into it and less those out of it, plus the adjustments its
-- reconciliations recorded,
-- each dated from the opening date (when there is one) through `on_date`: its movements. What is dated before the
-- opening date is already in the bank's figure. Null for a card, and for a day before the
-- opening date, whose balance the app does not know.
--
-- Every row counts, private ones too: money that left a shared account left it whoever may read
-- the expense, and only the sum leaves here (as the family's totals count private rows,
-- db/functions/seen-by.sql). Sums in numeric, so exact to the cent at any size; each on an index
-- of its table (expenses_family_method_keyset_idx, incomes_family_date_idx,
-- bill_payments_from_method_idx, transfers_to_method_idx, transfers_from_method_idx, settlements_to_method_idx,
-- settlements_from_method_idx and reconciliations_method_date_idx): account_movements is one SELECT, so PostgreSQL inlines it into
-- its caller and each branch keeps its own index.
--
-- Applied with CREATE OR REPLACE after the migrations at every start
-- (src/server/db/database-functions.ts).
-- A settlement has a column named "method" (how it was paid), so its branches name the parameter
-- by the function's name.
-- An account's movements, each signed as it moves the balance, from `since` (null: from the first)
-- through `on_date`. A transfer, and a settlement between members that names its accounts
-- (docs/product.md#who-owes-whom), is one movement on each of its two accounts, so (kind, id)
-- names a movement within one account.
CREATE OR REPLACE FUNCTION "account_movements"("method" uuid, "family" uuid, "since" date, "on_date" date)
  RETURNS TABLE ("kind" text, "id" uuid, "date" date, "amount" numeric) LANGUAGE sql STABLE AS $$
  SELECT 'income', i."id", i."date", i."amount" FROM "incomes" i
    WHERE i."family_id" = "family" AND i."payment_method_id" = "method"
      AND i."date" <= "on_date" AND ("since" IS NULL OR i."date" >= "since")
  UNION ALL
  SELECT 'expense', e."id", e."date", -e."amount" FROM "expenses" e
    WHERE e."family_id" = "family" AND e."payment_method_id" = "method"
      AND e."date" <= "on_date" AND ("since" IS NULL OR e."date" >= "since")
  UNION ALL
  SELECT 'billPayment', p."id", p."paid_on", -p."amount" FROM "bill_payments" p
    WHERE p."family_id" = "family" AND p."from_method_id" = "method"
      AND p."paid_on" <= "on_date" AND ("since" IS NULL OR p."paid_on" >= "since")
  UNION ALL
  SELECT 'transfer', t."id", t."date", t."amount" FROM "transfers" t
    WHERE t."family_id" = "family" AND t."to_method_id" = "method"
      AND t."date" <= "on_date" AND ("since" IS NULL OR t."date" >= "since")
  UNION ALL
  SELECT 'transfer', t."id", t."date", -t."amount" FROM "transfers" t
    WHERE t."family_id" = "family" AND t."from_method_id" = "method"
      AND t."date" <= "on_date" AND ("since" IS NULL OR t."date" >= "since")
  UNION ALL
  SELECT 'settlement', s."id", s."paid_on", s."amount" FROM "settlements" s
    WHERE s."family_id" = "family" AND s."to_method_id" = "account_movements"."method"
      AND s."paid_on" <= "on_date" AND ("since" IS NULL OR s."paid_on" >= "since")
  UNION ALL
  SELECT 'settlement', s."id", s."paid_on", -s."amount" FROM "settlements" s
    WHERE s."family_id" = "family" AND s."from_method_id" = "account_movements"."method"
      AND s."paid_on" <= "on_date" AND ("since" IS NULL OR s."paid_on" >= "since")
  UNION ALL
  SELECT 'adjustment', r."id", r."date", r."adjustment" FROM "reconciliations" r
    WHERE r."family_id" = "family" AND r."method_id" = "method" AND r."adjustment" <> 0
      AND r."date" <= "on_date" AND ("since" IS NULL OR r."date" >= "since")
$$;

CREATE OR REPLACE FUNCTION "account_balance"("method" uuid, "family" uuid, "on_date" date)
  RETURNS numeric LANGUAGE sql STABLE AS $$
  SELECT coalesce(m."opening_balance", 0)
    + coalesce((SELECT sum(mv."amount")
        FROM "account_movements"(m."id", m."family_id", m."opening_date", "on_date") mv), 0)
  FROM "payment_methods" m
  WHERE m."id" = "method" AND m."family_id" = "family" AND m."kind" <> 'credit_card'
    AND (m."opening_date" IS NULL OR m."opening_date" <= "on_date")
$$;

-- The balance the bank should show at the end of `on_date` (docs/product.md#reconciliation): the
-- opening balance plus the movements a member cleared or a reconciliation took in, and the
-- adjustments. Null as account_balance is.
CREATE OR REPLACE FUNCTION "account_cleared_balance"("method" uuid, "family" uuid, "on_date" date)
  RETURNS numeric LANGUAGE sql STABLE AS $$
  SELECT coalesce(m."opening_balance", 0)
    + coalesce((SELECT sum(mv."amount")
        FROM "account_movements"(m."id", m."family_id", m."opening_date", "on_date") mv
        WHERE mv."kind" = 'adjustment' OR EXISTS (SELECT 1 FROM "cleared_entries" c
          WHERE c."method_id" = m."id" AND c."entry_kind" = mv."kind" AND c."entry_id" = mv."id")), 0)
  FROM "payment_methods" m
  WHERE m."id" = "method" AND m."family_id" = "family" AND m."kind" <> 'credit_card'
    AND (m."opening_date" IS NULL OR m."opening_date" <= "on_date")
$$;

-- What a card owes at the end of `on_date` (docs/product.md#net-worth): each of its bills' purchases
-- dated up to that day (a refund, a negative expense, takes back) less the bill's payments made
-- by then, never below zero per bill, open and closed bills alike. Installments dated later are
-- not owed yet: cards_future_installments says them apart. Every row counts, private ones too, as
-- in the balances.
CREATE OR REPLACE FUNCTION "card_owed"("method" uuid, "family" uuid, "on_date" date)
  RETURNS numeric LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(greatest(
      coalesce((SELECT sum(e."amount") FROM "expenses" e
        WHERE e."bill_id" = b."id" AND e."family_id" = b."family_id" AND e."date" <= "on_date"), 0)
      - coalesce((SELECT sum(p."amount") FROM "bill_payments" p
        WHERE p."bill_id" = b."id" AND p."family_id" = b."family_id" AND p."paid_on" <= "on_date"), 0),
      0)), 0)
  FROM "card_bills" b
  WHERE b."method_id" = "method" AND b."family_id" = "family"
$$;

-- The installments on the family's cards of purchases made by `on_date` and dated after it: owed
-- once each comes, shown beside the net worth rather than in it.
CREATE OR REPLACE FUNCTION "cards_future_installments"("family" uuid, "on_date" date)
  RETURNS numeric LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(e."amount"), 0)
  FROM "expenses" e
  JOIN "installment_series" s ON s."id" = e."series_id" AND s."family_id" = e."family_id"
  JOIN "payment_methods" m ON m."id" = e."payment_method_id" AND m."family_id" = e."family_id"
  WHERE e."family_id" = "family" AND m."kind" = 'credit_card'
    AND e."date" > "on_date" AND s."first_date" <= "on_date"
$$;

-- What a member may read of the family's payment methods (docs/product.md#private-accounts): an
-- account its holder keeps to themselves ('Só meu') exists for the others, and nothing more: its
-- id, kind, holder, whether it is active and that it is private stay; its name is empty and its
-- opening balance and date absent, and its instants are its creation. Its balance is not read
-- for them either (the callers compute it only where payment_method_masked is false; the net
-- worth sums such accounts into one unnamed line). Its holder reads it whole. Inlined as
-- expenses_seen_by is (seen-by.sql), and kept here with the accounts' functions: it lists
-- columns of migrations 0031 and 0035, which a database at an earlier migration applies
-- seen-by.sql without (db/expense-month-year-migration.api.test.ts).
create or replace function payment_methods_seen_by(family uuid, reader uuid) returns setof payment_methods
language sql stable parallel safe
as $$
  select m.id, m.family_id, m.kind,
    case when (m.is_private and m.owner_user_id is distinct from reader) then '' else m.name end,
    m.owner_user_id, m.closing_day, m.due_day, m.credit_limit, m.is_active, m.created_at,
    case when (m.is_private and m.owner_user_id is distinct from reader) then m.created_at else m.updated_at end,
    case when (m.is_private and m.owner_user_id is distinct from reader) then null else m.opening_balance end,
    case when (m.is_private and m.owner_user_id is distinct from reader) then null else m.opening_date end,
    m.is_private
  from payment_methods m
  where m.family_id = family
$$;
