-- A family's rules of how its sums count (when its budget month starts, whether card spending
-- counts by its bill) change what every kept month, list and trend says without any expense
-- changing: the data version moves with them, in the row's own update, so no write path has to
-- remember it (the read caches' key, http/family-json-cache.ts; the list of every trigger:
-- src/server/db/triggers.api.test.ts). BEFORE ROW: the same UPDATE sets it, no second statement.
CREATE FUNCTION "families_rules_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."data_version" := OLD."data_version" + 1;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "families_rules_changed" BEFORE UPDATE OF "period_start", "period_day", "period_saturdays", "period_closed_day", "card_spending_by" ON "families"
  FOR EACH ROW WHEN (
    OLD."period_start" IS DISTINCT FROM NEW."period_start"
    OR OLD."period_day" IS DISTINCT FROM NEW."period_day"
    OR OLD."period_saturdays" IS DISTINCT FROM NEW."period_saturdays"
    OR OLD."period_closed_day" IS DISTINCT FROM NEW."period_closed_day"
    OR OLD."card_spending_by" IS DISTINCT FROM NEW."card_spending_by"
  ) EXECUTE FUNCTION "families_rules_changed"();
