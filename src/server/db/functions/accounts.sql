-- Account balances (docs/product.md#account-balances): the one home of the rule, read by the
-- payment methods' list and the dashboard's 'Saldo em contas' (features/payment-methods).
--
-- An account's balance at the end of `on_date`: its opening balance (the bank's at the start of
-- its opening date, 0 when none was typed), plus the incomes into it, less the expenses paid from
-- it (a refund is a negative expense, so it comes back) and the card bills paid from it, plus the
-- transfers into it and less those out of it, each dated from the opening date (when there is
-- one) through `on_date`. What is dated before the
-- opening date is already in the bank's figure. Null for a card, and for a day before the
-- opening date, whose balance the app does not know.
--
-- Every row counts, private ones too: money that left a shared account left it whoever may read
-- the expense, and only the sum leaves here (as the family's totals count private rows,
-- db/functions/seen-by.sql). Sums in numeric, so exact to the cent at any size; each on an index
-- of its table (expenses_family_method_keyset_idx, incomes_family_date_idx,
-- bill_payments_from_method_idx, transfers_to_method_idx and transfers_from_method_idx).
--
-- Applied with CREATE OR REPLACE after the migrations at every start
-- (src/server/db/database-functions.ts).
CREATE OR REPLACE FUNCTION "account_balance"("method" uuid, "family" uuid, "on_date" date)
  RETURNS numeric LANGUAGE sql STABLE AS $$
  SELECT coalesce(m."opening_balance", 0)
    + coalesce((SELECT sum(i."amount") FROM "incomes" i
        WHERE i."family_id" = m."family_id" AND i."payment_method_id" = m."id"
          AND i."date" <= "on_date"
          AND (m."opening_date" IS NULL OR i."date" >= m."opening_date")), 0)
    - coalesce((SELECT sum(e."amount") FROM "expenses" e
        WHERE e."family_id" = m."family_id" AND e."payment_method_id" = m."id"
          AND e."date" <= "on_date"
          AND (m."opening_date" IS NULL OR e."date" >= m."opening_date")), 0)
    - coalesce((SELECT sum(p."amount") FROM "bill_payments" p
        WHERE p."family_id" = m."family_id" AND p."from_method_id" = m."id"
          AND p."paid_on" <= "on_date"
          AND (m."opening_date" IS NULL OR p."paid_on" >= m."opening_date")), 0)
    + coalesce((SELECT sum(t."amount") FROM "transfers" t
        WHERE t."family_id" = m."family_id" AND t."to_method_id" = m."id"
          AND t."date" <= "on_date"
          AND (m."opening_date" IS NULL OR t."date" >= m."opening_date")), 0)
    - coalesce((SELECT sum(t."amount") FROM "transfers" t
        WHERE t."family_id" = m."family_id" AND t."from_method_id" = m."id"
          AND t."date" <= "on_date"
          AND (m."opening_date" IS NULL OR t."date" >= m."opening_date")), 0)
  FROM "payment_methods" m
  WHERE m."id" = "method" AND m."family_id" = "family" AND m."kind" <> 'credit_card'
    AND (m."opening_date" IS NULL OR m."opening_date" <= "on_date")
$$;
