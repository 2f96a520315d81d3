-- The family's category rules (docs/product.md#category-rules): the first that matches a
-- description gives an import's line, and the quick add's suggestion, its category.
CREATE TABLE "category_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"match_kind" text NOT NULL,
	"pattern" text NOT NULL,
	"min_amount" numeric(10, 2),
	"max_amount" numeric(10, 2),
	"payment_method_id" uuid,
	"category_id" uuid NOT NULL,
	"for_user_id" uuid,
	"paid_by_user_id" uuid,
	"private" boolean DEFAULT false NOT NULL,
	"learned" boolean DEFAULT false NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_rules_kind_check" CHECK ("category_rules"."match_kind" in ('contains', 'startsWith', 'matches')),
	CONSTRAINT "category_rules_pattern_check" CHECK (char_length("category_rules"."pattern") between 1 and 100),
	CONSTRAINT "category_rules_amounts_check" CHECK ("category_rules"."min_amount" is null or "category_rules"."max_amount" is null or "category_rules"."min_amount" <= "category_rules"."max_amount"),
	CONSTRAINT "category_rules_private_check" CHECK (not "category_rules"."private" or ("category_rules"."for_user_id" is null and "category_rules"."paid_by_user_id" is null))
);
--> statement-breakpoint
ALTER TABLE "family_history" DROP CONSTRAINT "family_history_kind_check";--> statement-breakpoint
ALTER TABLE "category_rules" ADD CONSTRAINT "category_rules_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_rules" ADD CONSTRAINT "category_rules_for_user_id_users_id_fk" FOREIGN KEY ("for_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_rules" ADD CONSTRAINT "category_rules_paid_by_user_id_users_id_fk" FOREIGN KEY ("paid_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_rules" ADD CONSTRAINT "category_rules_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_rules_family_idx" ON "category_rules" USING btree ("family_id","position");--> statement-breakpoint
ALTER TABLE "family_history" ADD CONSTRAINT "family_history_kind_check" CHECK ("family_history"."kind" in ('expense', 'category', 'recurring', 'import', 'member', 'invite', 'family',
        'paymentMethod', 'cardBill', 'installments', 'settlement', 'income', 'transfer',
        'reconciliation', 'categoryRule'));--> statement-breakpoint
-- The category and the account are the family's own; the rule goes with either.
ALTER TABLE "category_rules" ADD CONSTRAINT "category_rules_category_same_family_fk"
  FOREIGN KEY ("category_id", "family_id") REFERENCES "public"."categories"("id", "family_id")
  ON DELETE CASCADE ON UPDATE NO ACTION;--> statement-breakpoint
ALTER TABLE "category_rules" ADD CONSTRAINT "category_rules_method_same_family_fk"
  FOREIGN KEY ("payment_method_id", "family_id") REFERENCES "public"."payment_methods"("id", "family_id")
  ON DELETE CASCADE ON UPDATE NO ACTION;
