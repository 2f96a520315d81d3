CREATE TABLE "budget_alert_checks" (
	"category_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"due_on" date NOT NULL,
	CONSTRAINT "budget_alert_checks_category_id_due_on_pk" PRIMARY KEY("category_id","due_on")
);
--> statement-breakpoint
ALTER TABLE "budget_alert_checks" ADD CONSTRAINT "budget_alert_checks_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_alert_checks" ADD CONSTRAINT "budget_alert_checks_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "budget_alert_checks_due_idx" ON "budget_alert_checks" USING btree ("due_on");--> statement-breakpoint
CREATE INDEX "budget_alert_checks_family_idx" ON "budget_alert_checks" USING btree ("family_id");