-- What an account's balance and the methods' list add up moves the family's data version
-- (migration 0004's functions), as an expense does: the accounts screen (GET /api/payment-methods)
-- and the dashboard's balances (GET /api/accounts/balances) are then kept like the month
-- (http/family-json-cache.ts; docs/internals/data.md#reads-that-stay-fast), and answered again only
-- after something they read changed, whichever process, route or psql prompt changed it. Settlements
-- already move it (migration 0020). The methods themselves (added, renamed, archived, an opening
-- balance, who may see one); transfers between accounts; the card bills a purchase is found a bill
-- in and the payments of a bill (a card's limit used, an account's balance); reconciliations (their
-- adjustments); entries cleared against the bank (the cleared balance read beside them). The list
-- of every trigger: src/server/db/triggers.api.test.ts.
--
-- Locks: the version's row of families is updated at the end of each statement, so a bill payment
-- locks its bill, then the family (docs/internals/data.md#reads-that-stay-fast), the order a card
-- purchase already takes (its bill found or made, then the expense).
CREATE TRIGGER "payment_methods_inserted" AFTER INSERT ON "payment_methods" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_inserted"();--> statement-breakpoint
CREATE TRIGGER "payment_methods_updated" AFTER UPDATE ON "payment_methods" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_updated"();--> statement-breakpoint
CREATE TRIGGER "payment_methods_deleted" AFTER DELETE ON "payment_methods" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_deleted"();--> statement-breakpoint
CREATE TRIGGER "transfers_inserted" AFTER INSERT ON "transfers" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_inserted"();--> statement-breakpoint
CREATE TRIGGER "transfers_updated" AFTER UPDATE ON "transfers" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_updated"();--> statement-breakpoint
CREATE TRIGGER "transfers_deleted" AFTER DELETE ON "transfers" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_deleted"();--> statement-breakpoint
CREATE TRIGGER "card_bills_inserted" AFTER INSERT ON "card_bills" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_inserted"();--> statement-breakpoint
CREATE TRIGGER "card_bills_updated" AFTER UPDATE ON "card_bills" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_updated"();--> statement-breakpoint
CREATE TRIGGER "card_bills_deleted" AFTER DELETE ON "card_bills" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_deleted"();--> statement-breakpoint
CREATE TRIGGER "bill_payments_inserted" AFTER INSERT ON "bill_payments" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_inserted"();--> statement-breakpoint
CREATE TRIGGER "bill_payments_updated" AFTER UPDATE ON "bill_payments" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_updated"();--> statement-breakpoint
CREATE TRIGGER "bill_payments_deleted" AFTER DELETE ON "bill_payments" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_deleted"();--> statement-breakpoint
CREATE TRIGGER "reconciliations_inserted" AFTER INSERT ON "reconciliations" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_inserted"();--> statement-breakpoint
CREATE TRIGGER "reconciliations_updated" AFTER UPDATE ON "reconciliations" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_updated"();--> statement-breakpoint
CREATE TRIGGER "reconciliations_deleted" AFTER DELETE ON "reconciliations" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_deleted"();--> statement-breakpoint
CREATE TRIGGER "cleared_entries_inserted" AFTER INSERT ON "cleared_entries" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_inserted"();--> statement-breakpoint
CREATE TRIGGER "cleared_entries_updated" AFTER UPDATE ON "cleared_entries" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_updated"();--> statement-breakpoint
CREATE TRIGGER "cleared_entries_deleted" AFTER DELETE ON "cleared_entries" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "family_data_deleted"();
