ALTER TABLE "families" ADD COLUMN "data_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every statement that changes a family's expenses or categories moves that family's data_version
-- in its own transaction, whichever code path (or person at a psql prompt) wrote it. Statement
-- triggers with transition tables: a bulk insert of 50,000 expenses bumps the family once.
-- PostgreSQL allows transition tables only on triggers of a single event, hence three functions.
CREATE FUNCTION "family_data_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "families" SET "data_version" = "data_version" + 1
  WHERE "id" IN (SELECT "family_id" FROM "new_rows");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "family_data_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "families" SET "data_version" = "data_version" + 1
  WHERE "id" IN (SELECT "family_id" FROM "new_rows" UNION SELECT "family_id" FROM "old_rows");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "family_data_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "families" SET "data_version" = "data_version" + 1
  WHERE "id" IN (SELECT "family_id" FROM "old_rows");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "expenses_inserted" AFTER INSERT ON "expenses" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_inserted"();--> statement-breakpoint
CREATE TRIGGER "expenses_updated" AFTER UPDATE ON "expenses" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_updated"();--> statement-breakpoint
CREATE TRIGGER "expenses_deleted" AFTER DELETE ON "expenses" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_deleted"();--> statement-breakpoint
CREATE TRIGGER "categories_inserted" AFTER INSERT ON "categories" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_inserted"();--> statement-breakpoint
CREATE TRIGGER "categories_updated" AFTER UPDATE ON "categories" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_updated"();--> statement-breakpoint
CREATE TRIGGER "categories_deleted" AFTER DELETE ON "categories" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_deleted"();
