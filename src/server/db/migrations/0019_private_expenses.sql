ALTER TABLE "expenses" ADD COLUMN "private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "family_history" ADD COLUMN "private_to_user_id" uuid;--> statement-breakpoint
ALTER TABLE "family_history" ADD CONSTRAINT "family_history_private_to_user_id_users_id_fk" FOREIGN KEY ("private_to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;