CREATE TABLE "expense_shares" (
	"expense_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	CONSTRAINT "expense_shares_expense_id_user_id_pk" PRIMARY KEY("expense_id","user_id"),
	CONSTRAINT "expense_shares_amount_check" CHECK ("expense_shares"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "family_split_rules" (
	"family_id" uuid NOT NULL,
	"valid_from" date NOT NULL,
	"weights" jsonb,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "family_split_rules_family_id_valid_from_pk" PRIMARY KEY("family_id","valid_from")
);
--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "split" jsonb DEFAULT '{"mode":"family"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "expense_shares" ADD CONSTRAINT "expense_shares_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_shares" ADD CONSTRAINT "expense_shares_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_shares" ADD CONSTRAINT "expense_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_split_rules" ADD CONSTRAINT "family_split_rules_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_split_rules" ADD CONSTRAINT "family_split_rules_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expense_shares_family_user_idx" ON "expense_shares" USING btree ("family_id","user_id");--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_split_check" CHECK ("expenses"."split" ->> 'mode' in ('family', 'one', 'percent', 'amounts'));--> statement-breakpoint
-- The functions as they were at this migration (db/functions/expense-shares.sql defines them from
-- now on, replacing these at every start), so the triggers and the back-fill below have them.
CREATE OR REPLACE FUNCTION "expense_share_amounts"("family" uuid, "on_date" date, "amount" numeric,
  "split" jsonb) RETURNS TABLE ("user_id" uuid, "share" numeric) LANGUAGE sql STABLE AS $$
  WITH "rule" AS (
    SELECT r."weights" FROM "family_split_rules" r
    WHERE r."family_id" = "family" AND r."valid_from" <= "on_date"
    ORDER BY r."valid_from" DESC LIMIT 1
  ), "members" AS (
    SELECT m."user_id",
      row_number() OVER (ORDER BY m."role" = 'owner' DESC, m."joined_at", m."user_id") AS "ord",
      CASE WHEN (SELECT "weights" FROM "rule") IS NULL THEN 1
        ELSE coalesce(((SELECT "weights" FROM "rule") ->> m."user_id"::text)::bigint, 0) END AS "w"
    FROM "family_members" m
    WHERE m."family_id" = "family" AND "split" ->> 'mode' = 'family'
  ), "weighted" AS (
    SELECT m."user_id", m."ord",
      CASE WHEN sum(m."w") OVER () = 0 THEN 1::bigint ELSE m."w" END AS "w"
    FROM "members" m
    UNION ALL
    SELECT ("split" ->> 'userId')::uuid, 1, 1 WHERE "split" ->> 'mode' = 'one'
    UNION ALL
    SELECT (s ->> 'userId')::uuid, o, round((s ->> 'percent')::numeric * 100)::bigint
    FROM jsonb_array_elements(CASE WHEN "split" ->> 'mode' = 'percent' THEN "split" -> 'shares'
      ELSE '[]'::jsonb END) WITH ORDINALITY AS p(s, o)
  ), "parts" AS (
    SELECT w."user_id", w."ord",
      (round("amount" * 100)::bigint * w."w") / (sum(w."w") OVER ())::bigint AS "whole",
      (round("amount" * 100)::bigint * w."w") % (sum(w."w") OVER ())::bigint AS "rest"
    FROM "weighted" w
  ), "ranked" AS (
    SELECT p."user_id", p."whole",
      row_number() OVER (ORDER BY p."rest" DESC, p."ord") AS "rank",
      round("amount" * 100)::bigint - (sum(p."whole") OVER ())::bigint AS "left_over"
    FROM "parts" p
  )
  SELECT r."user_id",
    ((r."whole" + CASE WHEN r."rank" <= r."left_over" THEN 1 ELSE 0 END)::numeric / 100)::numeric(12, 2)
  FROM "ranked" r
  WHERE r."whole" + CASE WHEN r."rank" <= r."left_over" THEN 1 ELSE 0 END > 0
  UNION ALL
  SELECT (s ->> 'userId')::uuid, (s ->> 'amount')::numeric
  FROM jsonb_array_elements(CASE WHEN "split" ->> 'mode' = 'amounts' THEN "split" -> 'shares'
    ELSE '[]'::jsonb END) AS a(s)
  WHERE (s ->> 'amount')::numeric > 0
$$;
--> statement-breakpoint
-- New expenses: their shares. A share of a user whose account is gone is left out.
CREATE OR REPLACE FUNCTION "expenses_shares_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "expense_shares" ("expense_id", "family_id", "user_id", "amount")
  SELECT n."id", n."family_id", s."user_id", s."share"
  FROM "new_rows" n
  CROSS JOIN LATERAL "expense_share_amounts"(n."family_id", n."date", n."amount", n."split") s
  WHERE EXISTS (SELECT 1 FROM "users" u WHERE u."id" = s."user_id");
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Changed expenses: split again only those whose amount, date or split changed, so an edit of
-- the description (or a bill moved) never re-splits an old expense by today's rule or members.
CREATE OR REPLACE FUNCTION "expenses_shares_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "expense_shares" x
  USING "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
  WHERE x."expense_id" = n."id"
    AND (n."amount", n."date", n."split") IS DISTINCT FROM (o."amount", o."date", o."split");
  INSERT INTO "expense_shares" ("expense_id", "family_id", "user_id", "amount")
  SELECT n."id", n."family_id", s."user_id", s."share"
  FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
  CROSS JOIN LATERAL "expense_share_amounts"(n."family_id", n."date", n."amount", n."split") s
  WHERE (n."amount", n."date", n."split") IS DISTINCT FROM (o."amount", o."date", o."split")
    AND EXISTS (SELECT 1 FROM "users" u WHERE u."id" = s."user_id");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "expenses_shares_inserted" AFTER INSERT ON "expenses" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "expenses_shares_inserted"();--> statement-breakpoint
CREATE TRIGGER "expenses_shares_updated" AFTER UPDATE ON "expenses" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "expenses_shares_updated"();--> statement-breakpoint
-- Every expense recorded before: for the family, split equally between today's members.
INSERT INTO "expense_shares" ("expense_id", "family_id", "user_id", "amount")
SELECT e."id", e."family_id", s."user_id", s."share"
FROM "expenses" e
CROSS JOIN LATERAL "expense_share_amounts"(e."family_id", e."date", e."amount", e."split") s;
