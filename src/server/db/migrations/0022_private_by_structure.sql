ALTER TABLE "expenses" ADD COLUMN "refund_of_label" text;--> statement-breakpoint
-- The refunds made before: their purchase's description now, where the refund's author may read
-- it (docs/product.md#private-expenses); a purchase private to someone else leaves it unnamed.
UPDATE "expenses" r SET "refund_of_label" = p."description"
  FROM "expenses" p
  WHERE r."refund_of_id" = p."id"
    AND (NOT p."private" OR p."added_by_user_id" IS NOT DISTINCT FROM r."added_by_user_id");
--> statement-breakpoint
-- A refund is as private as its purchase: one left private on a purchase shared since is shared
-- with it, so no member can delete, with a purchase they see, a refund hidden from them.
UPDATE "expenses" r SET "private" = false
  FROM "expenses" p
  WHERE r."refund_of_id" = p."id" AND r."private" AND NOT p."private";
