-- An account may be its holder's own, 'Só meu' (docs/product.md#private-accounts): the others read
-- it masked, through payment_methods_seen_by (db/functions/accounts.sql). Cards are the family's.
ALTER TABLE "payment_methods" ADD COLUMN "is_private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_private_check" CHECK (not "payment_methods"."is_private" or "payment_methods"."kind" <> 'credit_card');