CREATE TABLE "budget_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"category_id" uuid,
	"category_name" text NOT NULL,
	"period" text NOT NULL,
	"period_start" date NOT NULL,
	"threshold" integer NOT NULL,
	"budget" numeric(10, 2) NOT NULL,
	"spent" numeric(10, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_alerts_period_check" CHECK ("budget_alerts"."period" in ('month', 'week')),
	CONSTRAINT "budget_alerts_threshold_check" CHECK ("budget_alerts"."threshold" in (80, 100))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"budget_alert_id" uuid,
	"read_at" timestamp with time zone,
	"email_status" text DEFAULT 'pending' NOT NULL,
	"email_attempts" integer DEFAULT 0 NOT NULL,
	"email_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('budget_alert')),
	CONSTRAINT "notifications_email_status_check" CHECK ("notifications"."email_status" in ('pending', 'sent', 'skipped', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "recurring_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"description" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"category_id" uuid,
	"paid_by_user_id" uuid,
	"created_by_user_id" uuid,
	"frequency" text NOT NULL,
	"day_of_week" integer,
	"day_of_month" integer,
	"month_of_year" integer,
	"start_date" date NOT NULL,
	"end_date" date,
	"paused" boolean DEFAULT false NOT NULL,
	"generated_through" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_rules_amount_check" CHECK ("recurring_rules"."amount" > 0),
	CONSTRAINT "recurring_rules_frequency_check" CHECK ("recurring_rules"."frequency" in ('weekly', 'monthly', 'yearly')),
	CONSTRAINT "recurring_rules_day_check" CHECK (("recurring_rules"."frequency" = 'weekly' and "recurring_rules"."day_of_week" between 1 and 7 and "recurring_rules"."day_of_month" is null and "recurring_rules"."month_of_year" is null)
        or ("recurring_rules"."frequency" = 'monthly' and "recurring_rules"."day_of_month" between 1 and 31 and "recurring_rules"."day_of_week" is null and "recurring_rules"."month_of_year" is null)
        or ("recurring_rules"."frequency" = 'yearly' and "recurring_rules"."day_of_month" between 1 and 31 and "recurring_rules"."month_of_year" between 1 and 12 and "recurring_rules"."day_of_week" is null)),
	CONSTRAINT "recurring_rules_dates_check" CHECK ("recurring_rules"."end_date" is null or "recurring_rules"."end_date" >= "recurring_rules"."start_date")
);
--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "paid_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "recurring_rule_id" uuid;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "recurring_date" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "budget_alert_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "budget_alerts" ADD CONSTRAINT "budget_alerts_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_alerts" ADD CONSTRAINT "budget_alerts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_budget_alert_id_budget_alerts_id_fk" FOREIGN KEY ("budget_alert_id") REFERENCES "public"."budget_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_rules" ADD CONSTRAINT "recurring_rules_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_rules" ADD CONSTRAINT "recurring_rules_paid_by_user_id_users_id_fk" FOREIGN KEY ("paid_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_rules" ADD CONSTRAINT "recurring_rules_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "budget_alerts_once_unique" ON "budget_alerts" USING btree ("category_id","period","period_start","threshold");--> statement-breakpoint
CREATE INDEX "budget_alerts_family_idx" ON "budget_alerts" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_alert_user_unique" ON "notifications" USING btree ("budget_alert_id","user_id");--> statement-breakpoint
CREATE INDEX "notifications_email_pending_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."email_status" = 'pending';--> statement-breakpoint
CREATE INDEX "recurring_rules_family_idx" ON "recurring_rules" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "recurring_rules_due_idx" ON "recurring_rules" USING btree ("generated_through") WHERE not "recurring_rules"."paused";--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_paid_by_user_id_users_id_fk" FOREIGN KEY ("paid_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_recurring_rule_id_recurring_rules_id_fk" FOREIGN KEY ("recurring_rule_id") REFERENCES "public"."recurring_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expenses_family_payer_keyset_idx" ON "expenses" USING btree ("family_id","paid_by_user_id","date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "expenses_paid_by_idx" ON "expenses" USING btree ("paid_by_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_recurring_occurrence_unique" ON "expenses" USING btree ("recurring_rule_id","recurring_date");--> statement-breakpoint
-- Who paid an expense recorded before payers existed: whoever added it (DESIGN.md decision 15).
UPDATE "expenses" SET "paid_by_user_id" = "added_by_user_id" WHERE "paid_by_user_id" IS NULL;--> statement-breakpoint
-- As for expenses (migration 0001): a rule may only use a category of its own family, and
-- deleting the category leaves the rule, uncategorised, instead of deleting it.
ALTER TABLE "recurring_rules" ADD CONSTRAINT "recurring_rules_category_same_family_fk"
  FOREIGN KEY ("category_id", "family_id") REFERENCES "public"."categories"("id", "family_id")
  ON DELETE SET NULL ("category_id") ON UPDATE NO ACTION;--> statement-breakpoint
-- A change to the family's rules moves its data_version too (migration 0004's functions), so a
-- process may keep what it computed from them under that version.
CREATE TRIGGER "recurring_rules_inserted" AFTER INSERT ON "recurring_rules" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_inserted"();--> statement-breakpoint
CREATE TRIGGER "recurring_rules_updated" AFTER UPDATE ON "recurring_rules" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_updated"();--> statement-breakpoint
CREATE TRIGGER "recurring_rules_deleted" AFTER DELETE ON "recurring_rules" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_deleted"();
