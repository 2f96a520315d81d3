CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"owner_user_id" uuid,
	"closing_day" integer,
	"due_day" integer,
	"credit_limit" numeric(10, 2),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_id_family_unique" UNIQUE("id","family_id"),
	CONSTRAINT "payment_methods_kind_check" CHECK ("payment_methods"."kind" in ('checking', 'savings', 'cash', 'credit_card')),
	CONSTRAINT "payment_methods_card_check" CHECK (case when "payment_methods"."kind" = 'credit_card'
        then "payment_methods"."closing_day" between 1 and 31 and "payment_methods"."due_day" between 1 and 31
          and ("payment_methods"."credit_limit" is null or "payment_methods"."credit_limit" > 0)
        else "payment_methods"."closing_day" is null and "payment_methods"."due_day" is null and "payment_methods"."credit_limit" is null end)
);
--> statement-breakpoint
ALTER TABLE "family_history" DROP CONSTRAINT "family_history_kind_check";--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "payment_method_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_family_name_unique" ON "payment_methods" USING btree ("family_id",lower("name"));--> statement-breakpoint
CREATE INDEX "payment_methods_owner_idx" ON "payment_methods" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "expenses_family_method_keyset_idx" ON "expenses" USING btree ("family_id","payment_method_id","date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "expenses"."payment_method_id" is not null;--> statement-breakpoint
ALTER TABLE "family_history" ADD CONSTRAINT "family_history_kind_check" CHECK ("family_history"."kind" in ('expense', 'category', 'recurring', 'import', 'member', 'invite', 'family', 'paymentMethod'));--> statement-breakpoint
-- Written by hand, as migration 0001 did for categories: drizzle's builder cannot say that an
-- expense's method must be of the expense's own family. NO ACTION (checked at the statement's
-- end) rather than RESTRICT, so a family deleted with its methods and expenses in one cascade
-- is never refused; a method with expenses is never deleted alone (the service archives it).
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_payment_method_same_family_fk"
  FOREIGN KEY ("payment_method_id", "family_id") REFERENCES "public"."payment_methods"("id", "family_id")
  ON DELETE NO ACTION ON UPDATE NO ACTION;
