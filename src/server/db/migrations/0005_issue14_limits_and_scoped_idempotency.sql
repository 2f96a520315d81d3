CREATE TABLE "attempt_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "expenses_idempotency_unique";--> statement-breakpoint
CREATE INDEX "attempt_counters_window_idx" ON "attempt_counters" USING btree ("window_started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_idempotency_unique" ON "expenses" USING btree ("family_id","added_by_user_id","idempotency_key");