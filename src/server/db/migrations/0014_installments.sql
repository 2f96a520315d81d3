CREATE TABLE "installment_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"description" text NOT NULL,
	"total" numeric(10, 2) NOT NULL,
	"count" integer NOT NULL,
	"first_date" date NOT NULL,
	"first_amount" numeric(10, 2),
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "installment_series_id_family_unique" UNIQUE("id","family_id"),
	CONSTRAINT "installment_series_count_check" CHECK ("installment_series"."count" between 2 and 48),
	CONSTRAINT "installment_series_total_check" CHECK ("installment_series"."total" > 0)
);
--> statement-breakpoint
ALTER TABLE "family_history" DROP CONSTRAINT "family_history_kind_check";--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "installment" integer;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "installment_count" integer;--> statement-breakpoint
ALTER TABLE "installment_series" ADD CONSTRAINT "installment_series_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installment_series" ADD CONSTRAINT "installment_series_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "installment_series_family_idx" ON "installment_series" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "installment_series_created_by_idx" ON "installment_series" USING btree ("created_by_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_series_installment_unique" ON "expenses" USING btree ("series_id","installment") WHERE "expenses"."series_id" is not null;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_installment_check" CHECK (("expenses"."series_id" is null and "expenses"."installment" is null and "expenses"."installment_count" is null)
        or ("expenses"."series_id" is not null and "expenses"."installment" between 1 and "expenses"."installment_count"));--> statement-breakpoint
ALTER TABLE "family_history" ADD CONSTRAINT "family_history_kind_check" CHECK ("family_history"."kind" in ('expense', 'category', 'recurring', 'import', 'member', 'invite', 'family',
        'paymentMethod', 'cardBill', 'installments'));--> statement-breakpoint
-- Written by hand, as migrations 0001, 0012 and 0013 did: an installment is never of another
-- family's series. A series goes only when its last installment does (the expense writes).
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_series_same_family_fk"
  FOREIGN KEY ("series_id", "family_id") REFERENCES "public"."installment_series"("id", "family_id")
  ON DELETE NO ACTION ON UPDATE NO ACTION;
