-- The quotas' counts of a family's expenses, incomes and settlements (docs/product.md#quotas),
-- kept by the database: a count(*) of a ten-year family's 50,000 expenses was a 6-8 ms sequential
-- scan on every typed expense (docs/benchmarks.md). Statement triggers with transition tables
-- add each INSERT's rows and take away each DELETE's, per family, whichever path or psql prompt
-- wrote them: a typed expense, an import, a restore, a member removed with their expenses, a
-- family deleted (its rows go by cascade, and with them its counter). Every row counts, a new
-- family's examples too: the cap's check is what decides what a write may add
-- (server/quotas.ts), and until today it counted every row. No write moves a row to another
-- family (nothing updates family_id), so UPDATE needs no trigger.
--
-- Lock order: each trigger sorts after the one moving the family's data_version
-- ("expenses_inserted" < "expenses_inserted_counts": triggers of one event fire in name order),
-- so a statement holds its family's row before it takes the counter's, and two writers never
-- wait on each other in a cycle (db/functions/budget-alerts.sql says the same of its locks).
CREATE TABLE "family_counts" (
	"family_id" uuid PRIMARY KEY NOT NULL,
	"expenses" integer DEFAULT 0 NOT NULL,
	"incomes" integer DEFAULT 0 NOT NULL,
	"settlements" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "family_counts" ADD CONSTRAINT "family_counts_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- An upsert: a family's first row creates its counter. Families in one order, so two statements
-- writing overlapping families take the counters' locks in the same order. From here on both
-- functions are db/functions/quotas.sql's, applied after the migrations at every start (it adds
-- a typed expense's cap); OR REPLACE, as a database may already hold that file's.
CREATE OR REPLACE FUNCTION "family_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "family_counts" AS c ("family_id", "expenses", "incomes", "settlements")
  SELECT "family_id",
    CASE WHEN TG_TABLE_NAME = 'expenses' THEN count(*) ELSE 0 END,
    CASE WHEN TG_TABLE_NAME = 'incomes' THEN count(*) ELSE 0 END,
    CASE WHEN TG_TABLE_NAME = 'settlements' THEN count(*) ELSE 0 END
  FROM "new_rows" GROUP BY "family_id" ORDER BY "family_id"
  ON CONFLICT ("family_id") DO UPDATE SET
    "expenses" = c."expenses" + excluded."expenses",
    "incomes" = c."incomes" + excluded."incomes",
    "settlements" = c."settlements" + excluded."settlements";
  RETURN NULL;
END $$;--> statement-breakpoint
-- An UPDATE only, never an insert: while a family is deleted its rows go by cascade, and its
-- counter may already be gone (an insert would then name a family that no longer exists).
CREATE OR REPLACE FUNCTION "family_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "family_counts" AS c SET
    "expenses" = c."expenses" - CASE WHEN TG_TABLE_NAME = 'expenses' THEN d."n" ELSE 0 END,
    "incomes" = c."incomes" - CASE WHEN TG_TABLE_NAME = 'incomes' THEN d."n" ELSE 0 END,
    "settlements" = c."settlements" - CASE WHEN TG_TABLE_NAME = 'settlements' THEN d."n" ELSE 0 END
  FROM (SELECT "family_id", count(*)::int AS "n" FROM "old_rows" GROUP BY "family_id") d
  WHERE c."family_id" = d."family_id";
  RETURN NULL;
END $$;--> statement-breakpoint
-- The triggers before the count: CREATE TRIGGER waits for the writes in flight and holds off new
-- ones until this migration commits (another app process may be running), so the count below
-- sees every row and no row is counted twice.
CREATE TRIGGER "expenses_inserted_counts" AFTER INSERT ON "expenses" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_counts_inserted"();--> statement-breakpoint
CREATE TRIGGER "expenses_deleted_counts" AFTER DELETE ON "expenses" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_counts_deleted"();--> statement-breakpoint
CREATE TRIGGER "incomes_inserted_counts" AFTER INSERT ON "incomes" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_counts_inserted"();--> statement-breakpoint
CREATE TRIGGER "incomes_deleted_counts" AFTER DELETE ON "incomes" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_counts_deleted"();--> statement-breakpoint
CREATE TRIGGER "settlements_inserted_counts" AFTER INSERT ON "settlements" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_counts_inserted"();--> statement-breakpoint
CREATE TRIGGER "settlements_deleted_counts" AFTER DELETE ON "settlements" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_counts_deleted"();--> statement-breakpoint
-- The backfill: every family that has a counted row, from its rows now.
INSERT INTO "family_counts" ("family_id", "expenses", "incomes", "settlements")
SELECT "family_id", sum("e")::int, sum("i")::int, sum("s")::int FROM (
  SELECT "family_id", count(*) AS "e", 0 AS "i", 0 AS "s" FROM "expenses" GROUP BY "family_id"
  UNION ALL SELECT "family_id", 0, count(*), 0 FROM "incomes" GROUP BY "family_id"
  UNION ALL SELECT "family_id", 0, 0, count(*) FROM "settlements" GROUP BY "family_id"
) "rows" GROUP BY "family_id";
