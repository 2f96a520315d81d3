-- The refund room and its check as they are at this migration (db/functions/refunds.sql defines
-- them from now on, replacing these at every start), so the triggers below have them.
create or replace function refund_room(purchase uuid) returns numeric
language sql stable as $$
  select p.amount + coalesce((select sum(r.amount) from expenses r where r.refund_of_id = p.id), 0)
  from expenses p
  where p.id = purchase
$$;
--> statement-breakpoint
create or replace function expenses_refunds_within() returns trigger
language plpgsql as $$
declare
  purchase uuid := coalesce(new.refund_of_id, new.id);
begin
  perform 1 from expenses where id = purchase for update;
  if refund_room(purchase) < 0 then
    raise exception 'refunds exceed their purchase'
      using errcode = 'check_violation', constraint = 'expenses_refunds_within';
  end if;
  return null;
end
$$;
--> statement-breakpoint
-- Checked at the commit, so a transaction that writes a purchase and then its refund (a restore)
-- is judged whole. Only refunds, and purchases made cheaper, pay for the check.
CREATE CONSTRAINT TRIGGER "expenses_refunds_within" AFTER INSERT OR UPDATE OF "amount", "refund_of_id" ON "expenses"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW."refund_of_id" IS NOT NULL)
  EXECUTE FUNCTION "expenses_refunds_within"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "expenses_purchase_covers_refunds" AFTER UPDATE OF "amount" ON "expenses"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW."refund_of_id" IS NULL AND NEW."amount" < OLD."amount")
  EXECUTE FUNCTION "expenses_refunds_within"();
