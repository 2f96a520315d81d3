-- What came back of a purchase never passes it (docs/product.md#refunds), whatever the path or
-- the timing: the refund's own check (expense-writes/writes.ts) answers the person at once, and
-- these close the races between two transactions, each of which saw the other's change too late
-- (a series made cheaper while a refund of its installment is written).

-- A purchase's room for refunds: its amount plus its refunds' (which are negative).
create or replace function refund_room(purchase uuid) returns numeric
language sql stable as $$
  select p.amount + coalesce((select sum(r.amount) from expenses r where r.refund_of_id = p.id), 0)
  from expenses p
  where p.id = purchase
$$;

-- The constraint triggers of migration 0024 call this when the transaction commits, for a refund
-- written and for a purchase made cheaper. It waits for any other transaction holding the
-- purchase, then reads what that one committed: each statement of a plpgsql function takes a new
-- snapshot under READ COMMITTED.
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
