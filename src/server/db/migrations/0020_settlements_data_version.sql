-- A settlement moves its family's data version (migration 0004's functions), as an expense does:
-- who owes whom is then kept like the month (http/family-json-cache.ts), and answered again only
-- after something it adds up changed (docs/product.md#who-owes-whom).
CREATE TRIGGER "settlements_inserted" AFTER INSERT ON "settlements" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_inserted"();--> statement-breakpoint
CREATE TRIGGER "settlements_updated" AFTER UPDATE ON "settlements" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_updated"();--> statement-breakpoint
CREATE TRIGGER "settlements_deleted" AFTER DELETE ON "settlements" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_deleted"();
