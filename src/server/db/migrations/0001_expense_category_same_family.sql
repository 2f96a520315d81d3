-- An expense may only point at a category of its own family, and deleting a category must leave
-- its expenses uncategorised (only category_id set to null, family_id kept). Drizzle's schema
-- builder cannot express a column list on ON DELETE SET NULL (PostgreSQL 15+), so it lives here.
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_category_same_family_fk"
  FOREIGN KEY ("category_id", "family_id") REFERENCES "public"."categories"("id", "family_id")
  ON DELETE SET NULL ("category_id") ON UPDATE NO ACTION;
