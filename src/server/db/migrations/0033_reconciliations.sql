-- Reconciliation with the bank (docs/product.md#reconciliation): entries cleared per account, and
-- the reconciliations that took them in, with the adjustment of a difference and its reason.
CREATE TABLE "cleared_entries" (
	"family_id" uuid NOT NULL,
	"method_id" uuid NOT NULL,
	"entry_kind" text NOT NULL,
	"entry_id" uuid NOT NULL,
	"reconciliation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cleared_entries_method_id_entry_kind_entry_id_pk" PRIMARY KEY("method_id","entry_kind","entry_id"),
	CONSTRAINT "cleared_entries_kind_check" CHECK ("cleared_entries"."entry_kind" in ('expense', 'income', 'billPayment', 'transfer'))
);
--> statement-breakpoint
CREATE TABLE "reconciliations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"method_id" uuid NOT NULL,
	"date" date NOT NULL,
	"bank_balance" numeric(10, 2) NOT NULL,
	"adjustment" numeric(10, 2) NOT NULL,
	"reason" text,
	"added_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliations_reason_check" CHECK ("reconciliations"."adjustment" = 0 or coalesce("reconciliations"."reason", '') <> '')
);
--> statement-breakpoint
ALTER TABLE "family_history" DROP CONSTRAINT "family_history_kind_check";--> statement-breakpoint
ALTER TABLE "cleared_entries" ADD CONSTRAINT "cleared_entries_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cleared_entries" ADD CONSTRAINT "cleared_entries_reconciliation_id_reconciliations_id_fk" FOREIGN KEY ("reconciliation_id") REFERENCES "public"."reconciliations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliations" ADD CONSTRAINT "reconciliations_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliations" ADD CONSTRAINT "reconciliations_added_by_user_id_users_id_fk" FOREIGN KEY ("added_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cleared_entries_family_idx" ON "cleared_entries" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "cleared_entries_reconciliation_idx" ON "cleared_entries" USING btree ("reconciliation_id");--> statement-breakpoint
CREATE INDEX "cleared_entries_entry_idx" ON "cleared_entries" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "reconciliations_method_date_idx" ON "reconciliations" USING btree ("method_id","date" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reconciliations_family_idx" ON "reconciliations" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "reconciliations_added_by_idx" ON "reconciliations" USING btree ("added_by_user_id");--> statement-breakpoint
ALTER TABLE "family_history" ADD CONSTRAINT "family_history_kind_check" CHECK ("family_history"."kind" in ('expense', 'category', 'recurring', 'import', 'member', 'invite', 'family',
        'paymentMethod', 'cardBill', 'installments', 'settlement', 'income', 'transfer',
        'reconciliation'));;--> statement-breakpoint
-- The account is the family's own (as a transfer's, migration 0032): one a reconciliation names is
-- archived, never deleted; a cleared mark goes with its account.
ALTER TABLE "reconciliations" ADD CONSTRAINT "reconciliations_method_same_family_fk"
  FOREIGN KEY ("method_id", "family_id") REFERENCES "public"."payment_methods"("id", "family_id")
  ON DELETE NO ACTION ON UPDATE NO ACTION;--> statement-breakpoint
ALTER TABLE "cleared_entries" ADD CONSTRAINT "cleared_entries_method_same_family_fk"
  FOREIGN KEY ("method_id", "family_id") REFERENCES "public"."payment_methods"("id", "family_id")
  ON DELETE CASCADE ON UPDATE NO ACTION;
