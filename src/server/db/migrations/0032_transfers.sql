-- Transfers between a family's accounts (docs/product.md#transfers): neither spending nor income,
-- and a history kind of their own.
CREATE TABLE "transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"from_method_id" uuid NOT NULL,
	"to_method_id" uuid NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"date" date NOT NULL,
	"note" text,
	"added_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfers_amount_check" CHECK ("transfers"."amount" > 0),
	CONSTRAINT "transfers_accounts_check" CHECK ("transfers"."from_method_id" <> "transfers"."to_method_id")
);
--> statement-breakpoint
ALTER TABLE "family_history" DROP CONSTRAINT "family_history_kind_check";--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_added_by_user_id_users_id_fk" FOREIGN KEY ("added_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transfers_family_date_idx" ON "transfers" USING btree ("family_id","date" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transfers_from_method_idx" ON "transfers" USING btree ("from_method_id");--> statement-breakpoint
CREATE INDEX "transfers_to_method_idx" ON "transfers" USING btree ("to_method_id");--> statement-breakpoint
CREATE INDEX "transfers_added_by_idx" ON "transfers" USING btree ("added_by_user_id");--> statement-breakpoint
ALTER TABLE "family_history" ADD CONSTRAINT "family_history_kind_check" CHECK ("family_history"."kind" in ('expense', 'category', 'recurring', 'import', 'member', 'invite', 'family',
        'paymentMethod', 'cardBill', 'installments', 'settlement', 'income', 'transfer'));--> statement-breakpoint
-- Both accounts are the family's own, as for a bill's payment (migration 0013): an account a
-- transfer names is archived, never deleted (features/payment-methods).
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_from_method_same_family_fk"
  FOREIGN KEY ("from_method_id", "family_id") REFERENCES "public"."payment_methods"("id", "family_id")
  ON DELETE NO ACTION ON UPDATE NO ACTION;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_to_method_same_family_fk"
  FOREIGN KEY ("to_method_id", "family_id") REFERENCES "public"."payment_methods"("id", "family_id")
  ON DELETE NO ACTION ON UPDATE NO ACTION;
