-- An import's lines that are money between the family's own accounts (docs/product.md#ofx-import):
-- an account's line that pays a card's bill becomes that bill's payment, and a transfer seen in
-- both accounts' files becomes one transfer. Their bank's ids are kept like an expense's or an
-- income's, so the same file again leaves them out: an identity now names exactly one of the
-- four entries.
ALTER TABLE "import_identities" DROP CONSTRAINT "import_identities_entry_check";--> statement-breakpoint
ALTER TABLE "import_identities" ADD COLUMN "bill_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "import_identities" ADD COLUMN "transfer_id" uuid;--> statement-breakpoint
CREATE INDEX "import_identities_bill_payment_idx" ON "import_identities" USING btree ("bill_payment_id");--> statement-breakpoint
CREATE INDEX "import_identities_transfer_idx" ON "import_identities" USING btree ("transfer_id");--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_id_family_unique" UNIQUE("id","family_id");--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_id_family_unique" UNIQUE("id","family_id");--> statement-breakpoint
ALTER TABLE "import_identities" ADD CONSTRAINT "import_identities_entry_check" CHECK (num_nonnulls("import_identities"."expense_id", "import_identities"."income_id", "import_identities"."bill_payment_id", "import_identities"."transfer_id") = 1);--> statement-breakpoint
-- The payment or transfer is the family's own; the identity goes with it (undone, its line may
-- be imported again).
ALTER TABLE "import_identities" ADD CONSTRAINT "import_identities_bill_payment_same_family_fk"
  FOREIGN KEY ("bill_payment_id", "family_id") REFERENCES "public"."bill_payments"("id", "family_id")
  ON DELETE CASCADE ON UPDATE NO ACTION;--> statement-breakpoint
ALTER TABLE "import_identities" ADD CONSTRAINT "import_identities_transfer_same_family_fk"
  FOREIGN KEY ("transfer_id", "family_id") REFERENCES "public"."transfers"("id", "family_id")
  ON DELETE CASCADE ON UPDATE NO ACTION;
