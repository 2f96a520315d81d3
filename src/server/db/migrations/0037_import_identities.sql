-- The bank's id of each imported transaction on the account or card the file went into
-- (docs/product.md#ofx-import): a file imported again adds nothing already here, and says how
-- many lines it left out.
CREATE TABLE "import_identities" (
	"family_id" uuid NOT NULL,
	"method_id" uuid NOT NULL,
	"import_id" text NOT NULL,
	"expense_id" uuid,
	"income_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_identities_family_id_method_id_import_id_pk" PRIMARY KEY("family_id","method_id","import_id"),
	CONSTRAINT "import_identities_entry_check" CHECK (("import_identities"."expense_id" is null) <> ("import_identities"."income_id" is null))
);
--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "skipped_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_identities" ADD CONSTRAINT "import_identities_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_identities" ADD CONSTRAINT "import_identities_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_identities" ADD CONSTRAINT "import_identities_income_id_incomes_id_fk" FOREIGN KEY ("income_id") REFERENCES "public"."incomes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_identities_expense_idx" ON "import_identities" USING btree ("expense_id");--> statement-breakpoint
CREATE INDEX "import_identities_income_idx" ON "import_identities" USING btree ("income_id");--> statement-breakpoint
-- The account or card is the family's own; the identity goes with it.
ALTER TABLE "import_identities" ADD CONSTRAINT "import_identities_method_same_family_fk"
  FOREIGN KEY ("method_id", "family_id") REFERENCES "public"."payment_methods"("id", "family_id")
  ON DELETE CASCADE ON UPDATE NO ACTION;
