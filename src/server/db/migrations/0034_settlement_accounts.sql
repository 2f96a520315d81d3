-- A settlement may name the accounts the money left and came into (docs/product.md#who-owes-whom):
-- it then moves their balances as a transfer does, and is cleared against a bank like one.
ALTER TABLE "cleared_entries" DROP CONSTRAINT "cleared_entries_kind_check";--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "from_method_id" uuid;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "to_method_id" uuid;--> statement-breakpoint
CREATE INDEX "settlements_from_method_idx" ON "settlements" USING btree ("from_method_id");--> statement-breakpoint
CREATE INDEX "settlements_to_method_idx" ON "settlements" USING btree ("to_method_id");--> statement-breakpoint
ALTER TABLE "cleared_entries" ADD CONSTRAINT "cleared_entries_kind_check" CHECK ("cleared_entries"."entry_kind" in ('expense', 'income', 'billPayment', 'transfer', 'settlement'));--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_accounts_check" CHECK ("settlements"."from_method_id" <> "settlements"."to_method_id");;--> statement-breakpoint
-- Both accounts are the family's own (as a transfer's, migration 0032): one a settlement names is
-- archived, never deleted.
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_from_method_same_family_fk"
  FOREIGN KEY ("from_method_id", "family_id") REFERENCES "public"."payment_methods"("id", "family_id")
  ON DELETE NO ACTION ON UPDATE NO ACTION;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_to_method_same_family_fk"
  FOREIGN KEY ("to_method_id", "family_id") REFERENCES "public"."payment_methods"("id", "family_id")
  ON DELETE NO ACTION ON UPDATE NO ACTION;
