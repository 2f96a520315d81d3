-- Accounts' balances (docs/product.md#account-balances): an account may have an opening balance
-- on a date (both or neither, never on a card), and investments join the kinds. The balance itself
-- is computed, never stored: db/functions/accounts.sql.
ALTER TABLE "payment_methods" DROP CONSTRAINT "payment_methods_kind_check";--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "opening_balance" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "opening_date" date;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_opening_check" CHECK (("payment_methods"."opening_balance" is null) = ("payment_methods"."opening_date" is null)
        and ("payment_methods"."kind" <> 'credit_card' or "payment_methods"."opening_balance" is null));--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_kind_check" CHECK ("payment_methods"."kind" in ('checking', 'savings', 'cash', 'investment', 'credit_card'));