CREATE TABLE "incomes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"description" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"kind" text NOT NULL,
	"received_by_user_id" uuid,
	"payment_method_id" uuid,
	"private" boolean DEFAULT false NOT NULL,
	"added_by_user_id" uuid,
	"recurring_rule_id" uuid,
	"recurring_date" date,
	"date" date NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incomes_amount_check" CHECK ("incomes"."amount" > 0),
	CONSTRAINT "incomes_kind_check" CHECK ("incomes"."kind" in ('salary', 'thirteenth', 'vacation', 'freelance', 'investment', 'other'))
);
--> statement-breakpoint
ALTER TABLE "expense_shares" DROP CONSTRAINT "expense_shares_amount_check";--> statement-breakpoint
ALTER TABLE "expenses" DROP CONSTRAINT "expenses_amount_check";--> statement-breakpoint
ALTER TABLE "family_history" DROP CONSTRAINT "family_history_kind_check";--> statement-breakpoint
ALTER TABLE "recurring_rules" DROP CONSTRAINT "recurring_rules_day_check";--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "refund_of_id" uuid;--> statement-breakpoint
ALTER TABLE "recurring_rules" ADD COLUMN "entry" text DEFAULT 'expense' NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_rules" ADD COLUMN "income_kind" text;--> statement-breakpoint
ALTER TABLE "recurring_rules" ADD COLUMN "business_day" integer;--> statement-breakpoint
ALTER TABLE "incomes" ADD CONSTRAINT "incomes_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incomes" ADD CONSTRAINT "incomes_received_by_user_id_users_id_fk" FOREIGN KEY ("received_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incomes" ADD CONSTRAINT "incomes_added_by_user_id_users_id_fk" FOREIGN KEY ("added_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incomes" ADD CONSTRAINT "incomes_recurring_rule_id_recurring_rules_id_fk" FOREIGN KEY ("recurring_rule_id") REFERENCES "public"."recurring_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incomes_family_date_idx" ON "incomes" USING btree ("family_id","date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "incomes_received_by_idx" ON "incomes" USING btree ("received_by_user_id");--> statement-breakpoint
CREATE INDEX "incomes_added_by_idx" ON "incomes" USING btree ("added_by_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "incomes_recurring_occurrence_unique" ON "incomes" USING btree ("recurring_rule_id","recurring_date");--> statement-breakpoint
CREATE UNIQUE INDEX "incomes_idempotency_unique" ON "incomes" USING btree ("family_id","added_by_user_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_refund_of_id_expenses_id_fk" FOREIGN KEY ("refund_of_id") REFERENCES "public"."expenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expenses_refund_of_idx" ON "expenses" USING btree ("refund_of_id") WHERE "expenses"."refund_of_id" is not null;--> statement-breakpoint
ALTER TABLE "expense_shares" ADD CONSTRAINT "expense_shares_amount_check" CHECK ("expense_shares"."amount" <> 0);--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_amount_check" CHECK (("expenses"."refund_of_id" is null and "expenses"."amount" > 0) or ("expenses"."refund_of_id" is not null and "expenses"."amount" < 0));--> statement-breakpoint
ALTER TABLE "family_history" ADD CONSTRAINT "family_history_kind_check" CHECK ("family_history"."kind" in ('expense', 'category', 'recurring', 'import', 'member', 'invite', 'family',
        'paymentMethod', 'cardBill', 'installments', 'settlement', 'income'));--> statement-breakpoint
ALTER TABLE "recurring_rules" ADD CONSTRAINT "recurring_rules_entry_check" CHECK (coalesce(("recurring_rules"."entry" = 'expense' and "recurring_rules"."income_kind" is null)
        or ("recurring_rules"."entry" = 'income' and "recurring_rules"."income_kind" in ('salary', 'thirteenth', 'vacation', 'freelance', 'investment', 'other') and "recurring_rules"."category_id" is null), false));--> statement-breakpoint
ALTER TABLE "recurring_rules" ADD CONSTRAINT "recurring_rules_day_check" CHECK (coalesce(("recurring_rules"."frequency" = 'weekly' and "recurring_rules"."day_of_week" between 1 and 7 and "recurring_rules"."day_of_month" is null and "recurring_rules"."month_of_year" is null and "recurring_rules"."business_day" is null)
        or ("recurring_rules"."frequency" = 'monthly' and "recurring_rules"."day_of_week" is null and "recurring_rules"."month_of_year" is null
          and (("recurring_rules"."day_of_month" between 1 and 31 and "recurring_rules"."business_day" is null)
            or ("recurring_rules"."day_of_month" is null and "recurring_rules"."business_day" between 1 and 20)))
        or ("recurring_rules"."frequency" = 'yearly' and "recurring_rules"."day_of_month" between 1 and 31 and "recurring_rules"."month_of_year" between 1 and 12 and "recurring_rules"."day_of_week" is null and "recurring_rules"."business_day" is null), false));--> statement-breakpoint
-- Written by hand, as for expenses (migration 0012): an income's account is always one of its own
-- family's payment methods; a method in use is archived, not deleted.
ALTER TABLE "incomes" ADD CONSTRAINT "incomes_payment_method_family_fk"
  FOREIGN KEY ("payment_method_id", "family_id") REFERENCES "public"."payment_methods"("id", "family_id");--> statement-breakpoint
-- Income moves its family's data version (migration 0004's functions), as expenses do: the kept
-- month (http/family-json-cache.ts) holds the month's income and net.
CREATE TRIGGER "incomes_inserted" AFTER INSERT ON "incomes" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_inserted"();--> statement-breakpoint
CREATE TRIGGER "incomes_updated" AFTER UPDATE ON "incomes" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_updated"();--> statement-breakpoint
CREATE TRIGGER "incomes_deleted" AFTER DELETE ON "incomes" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_deleted"();
