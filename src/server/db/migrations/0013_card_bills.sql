CREATE TABLE "bill_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"bill_id" uuid NOT NULL,
	"from_method_id" uuid,
	"amount" numeric(10, 2) NOT NULL,
	"paid_on" date NOT NULL,
	"added_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_payments_amount_check" CHECK ("bill_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "card_bills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"method_id" uuid NOT NULL,
	"closes_on" date NOT NULL,
	"due_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_bills_id_family_unique" UNIQUE("id","family_id"),
	CONSTRAINT "card_bills_due_check" CHECK ("card_bills"."due_on" > "card_bills"."closes_on")
);
--> statement-breakpoint
ALTER TABLE "family_history" DROP CONSTRAINT "family_history_kind_check";--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "bill_id" uuid;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_added_by_user_id_users_id_fk" FOREIGN KEY ("added_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_bills" ADD CONSTRAINT "card_bills_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_payments_bill_idx" ON "bill_payments" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "bill_payments_from_method_idx" ON "bill_payments" USING btree ("from_method_id");--> statement-breakpoint
CREATE INDEX "bill_payments_family_idx" ON "bill_payments" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "bill_payments_added_by_idx" ON "bill_payments" USING btree ("added_by_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_bills_method_closes_unique" ON "card_bills" USING btree ("method_id","closes_on");--> statement-breakpoint
CREATE INDEX "card_bills_family_idx" ON "card_bills" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "expenses_bill_idx" ON "expenses" USING btree ("bill_id","date") WHERE "expenses"."bill_id" is not null;--> statement-breakpoint
ALTER TABLE "family_history" ADD CONSTRAINT "family_history_kind_check" CHECK ("family_history"."kind" in ('expense', 'category', 'recurring', 'import', 'member', 'invite', 'family', 'paymentMethod', 'cardBill'));--> statement-breakpoint
-- Written by hand, as migrations 0001 and 0012 did: drizzle's builder cannot say that a bill's
-- card, a purchase's bill and a payment's bill and account are of the row's own family.
ALTER TABLE "card_bills" ADD CONSTRAINT "card_bills_method_same_family_fk"
  FOREIGN KEY ("method_id", "family_id") REFERENCES "public"."payment_methods"("id", "family_id")
  ON DELETE CASCADE ON UPDATE NO ACTION;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_bill_same_family_fk"
  FOREIGN KEY ("bill_id", "family_id") REFERENCES "public"."card_bills"("id", "family_id")
  ON DELETE NO ACTION ON UPDATE NO ACTION;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_bill_same_family_fk"
  FOREIGN KEY ("bill_id", "family_id") REFERENCES "public"."card_bills"("id", "family_id")
  ON DELETE CASCADE ON UPDATE NO ACTION;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_from_method_same_family_fk"
  FOREIGN KEY ("from_method_id", "family_id") REFERENCES "public"."payment_methods"("id", "family_id")
  ON DELETE NO ACTION ON UPDATE NO ACTION;--> statement-breakpoint
-- Card purchases recorded before bills existed get their bill, by src/domain/card-bills.ts's
-- rule (billClosingOf, billDueOn), written out here once: this migration runs before the SQL
-- functions of db/functions/ are applied, and it is never run again.
-- One statement: the table is new, so every bill is one the INSERT returns.
WITH "purchase_bills" AS (
  SELECT e.id AS expense_id, e.family_id, m.id AS method_id, c.closes_on,
    (CASE WHEN make_date(extract(year FROM c.closes_on)::int, extract(month FROM c.closes_on)::int,
        least(m.due_day, extract(day FROM (date_trunc('month', c.closes_on) + interval '1 month - 1 day'))::int))
        > c.closes_on
      THEN make_date(extract(year FROM c.closes_on)::int, extract(month FROM c.closes_on)::int,
        least(m.due_day, extract(day FROM (date_trunc('month', c.closes_on) + interval '1 month - 1 day'))::int))
      ELSE make_date(extract(year FROM c.closes_on + interval '1 month')::int,
        extract(month FROM c.closes_on + interval '1 month')::int,
        least(m.due_day, extract(day FROM (date_trunc('month', c.closes_on) + interval '2 month - 1 day'))::int))
    END) AS due_on
  FROM "expenses" e
  JOIN "payment_methods" m ON m.id = e.payment_method_id AND m.kind = 'credit_card'
  CROSS JOIN LATERAL (
    SELECT CASE WHEN e.date <= this_month THEN this_month ELSE next_month END AS closes_on
    FROM (SELECT
      make_date(extract(year FROM e.date)::int, extract(month FROM e.date)::int,
        least(m.closing_day, extract(day FROM (date_trunc('month', e.date) + interval '1 month - 1 day'))::int)) AS this_month,
      make_date(extract(year FROM e.date + interval '1 month')::int,
        extract(month FROM (date_trunc('month', e.date) + interval '1 month'))::int,
        least(m.closing_day, extract(day FROM (date_trunc('month', e.date) + interval '2 month - 1 day'))::int)) AS next_month
    ) days
  ) c
), "made" AS (
  INSERT INTO "card_bills" ("family_id", "method_id", "closes_on", "due_on")
    SELECT DISTINCT family_id, method_id, closes_on, due_on FROM "purchase_bills"
    RETURNING id, method_id, closes_on
)
UPDATE "expenses" e SET "bill_id" = b.id
  FROM "purchase_bills" p JOIN "made" b ON b.method_id = p.method_id AND b.closes_on = p.closes_on
  WHERE e.id = p.expense_id;
