-- Caixinhas, the family's savings goals (docs/product.md#caixinhas-savings-goals): a goal with its
-- target, month and account, and the money put into it or taken out. A table of their own that no
-- budget, summary or month's net reads: saving is never spending. A contribution from another
-- account made a transfer (transfer-writes/), whose own triggers move the family's data version
-- (migrations 0032, 0036), so the accounts' kept reads follow it; a goal's own rows change no kept
-- read (GET /api/goals is read fresh), so no data version trigger is added on these tables.
CREATE TABLE "goal_contributions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"goal_id" uuid NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"date" date NOT NULL,
	"note" text,
	"transfer_id" uuid,
	"added_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goal_contributions_amount_check" CHECK ("goal_contributions"."amount" <> 0),
	CONSTRAINT "goal_contributions_transfer_check" CHECK ("goal_contributions"."transfer_id" is null or "goal_contributions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "goals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"name" text NOT NULL,
	"target_amount" numeric(10, 2) NOT NULL,
	"target_date" date,
	"method_id" uuid,
	"is_private" boolean DEFAULT false NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goals_id_family_unique" UNIQUE("id","family_id"),
	CONSTRAINT "goals_target_check" CHECK ("goals"."target_amount" > 0),
	CONSTRAINT "goals_name_check" CHECK (char_length("goals"."name") between 1 and 60),
	CONSTRAINT "goals_target_date_check" CHECK ("goals"."target_date" is null or "goals"."target_date" = (date_trunc('month', "goals"."target_date") + interval '1 month - 1 day')::date)
);
--> statement-breakpoint
ALTER TABLE "family_history" DROP CONSTRAINT "family_history_kind_check";--> statement-breakpoint
ALTER TABLE "goal_contributions" ADD CONSTRAINT "goal_contributions_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_contributions" ADD CONSTRAINT "goal_contributions_added_by_user_id_users_id_fk" FOREIGN KEY ("added_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goal_contributions_goal_idx" ON "goal_contributions" USING btree ("goal_id","date" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "goal_contributions_family_idx" ON "goal_contributions" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "goal_contributions_transfer_idx" ON "goal_contributions" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "goal_contributions_added_by_idx" ON "goal_contributions" USING btree ("added_by_user_id");--> statement-breakpoint
CREATE INDEX "goals_family_idx" ON "goals" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "goals_method_idx" ON "goals" USING btree ("method_id");--> statement-breakpoint
CREATE INDEX "goals_created_by_idx" ON "goals" USING btree ("created_by_user_id");--> statement-breakpoint
ALTER TABLE "family_history" ADD CONSTRAINT "family_history_kind_check" CHECK ("family_history"."kind" in ('expense', 'category', 'recurring', 'import', 'member', 'invite', 'family',
        'paymentMethod', 'cardBill', 'installments', 'settlement', 'income', 'transfer',
        'reconciliation', 'categoryRule', 'goal'));;--> statement-breakpoint
-- The account that holds a goal is the family's own; deleted (only when nothing else names it),
-- the goal stays, with no account.
ALTER TABLE "goals" ADD CONSTRAINT "goals_method_same_family_fk"
  FOREIGN KEY ("method_id", "family_id") REFERENCES "public"."payment_methods"("id", "family_id")
  ON DELETE SET NULL ("method_id") ON UPDATE NO ACTION;--> statement-breakpoint
-- A contribution is the family's own goal's, and goes with it.
ALTER TABLE "goal_contributions" ADD CONSTRAINT "goal_contributions_goal_same_family_fk"
  FOREIGN KEY ("goal_id", "family_id") REFERENCES "public"."goals"("id", "family_id")
  ON DELETE CASCADE ON UPDATE NO ACTION;--> statement-breakpoint
-- The transfer a contribution made is the family's own; undone, the contribution goes with it
-- (the money never came into the goal's account).
ALTER TABLE "goal_contributions" ADD CONSTRAINT "goal_contributions_transfer_same_family_fk"
  FOREIGN KEY ("transfer_id", "family_id") REFERENCES "public"."transfers"("id", "family_id")
  ON DELETE CASCADE ON UPDATE NO ACTION;
