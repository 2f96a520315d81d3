-- The quotas' counters (docs/product.md#quotas, server/quotas.ts) and a typed expense's cap.
--
-- family_counts_inserted() and family_counts_deleted(): migration 0029's triggers
-- ("expenses_inserted_counts", "incomes_inserted_counts", "settlements_inserted_counts", AFTER
-- INSERT FOR EACH STATEMENT with the rows as "new_rows", and the three _deleted_counts) call them
-- by name; this file is their definition from then on, applied with CREATE OR REPLACE after the
-- migrations at every start (src/server/db/database-functions.ts).
--
-- family_counts_inserted() adds the statement's rows to each family's counter, an upsert: a family's first row
-- creates its counter. Families in one order, so two statements writing overlapping families
-- take the counters' locks in the same order. Each trigger fires after the one moving the
-- family's data version ("expenses_inserted" < "expenses_inserted_counts": triggers of one event
-- fire in name order), so the statement already holds the family's row, and the counter read
-- back here is every committed write's plus this statement's: no writer in flight can hold it.
--
-- A typed expense's cap, exact with no statement more: its INSERT writes the row's family_id
-- through expense_quota_checked(family, cap) (expense-writes/create.ts), which sets the cap for
-- its own transaction (the one statement), and the counter this trigger returns is then checked
-- against it. Past the cap the whole INSERT fails, its history entry too, with a check
-- violation named family_expense_quota that the service answers as quota_exceeded
-- (server/quotas.ts isExpenseQuotaRefusal). The locks are the ones every expense write already
-- takes, in the same order, so the check adds no wait and no deadlock. Writes that do not set
-- the cap (the locked paths, which count before they write; a new family's examples) are not
-- checked here.
create or replace function family_counts_inserted() returns trigger
language plpgsql as $$
declare
  cap integer := case when tg_table_name = 'expenses'
    then nullif(current_setting('budget.expense_quota', true), '')::integer end;
  top integer;
begin
  with counted as (
    insert into family_counts as c (family_id, expenses, incomes, settlements)
    select family_id,
      case when tg_table_name = 'expenses' then count(*) else 0 end,
      case when tg_table_name = 'incomes' then count(*) else 0 end,
      case when tg_table_name = 'settlements' then count(*) else 0 end
    from new_rows group by family_id order by family_id
    on conflict (family_id) do update set
      expenses = c.expenses + excluded.expenses,
      incomes = c.incomes + excluded.incomes,
      settlements = c.settlements + excluded.settlements
    returning c.expenses
  )
  select max(expenses) into top from counted;
  if top > cap then
    raise exception 'the family would pass its expense quota'
      using errcode = 'check_violation', constraint = 'family_expense_quota';
  end if;
  return null;
end
$$;

-- family_counts_deleted(): the DELETE triggers' ("expenses_deleted_counts", ... with the rows as
-- "old_rows"). An UPDATE only, never an insert: while a family is deleted its rows go by cascade,
-- and its counter may already be gone (an insert would then name a family that no longer exists).
create or replace function family_counts_deleted() returns trigger
language plpgsql as $$
begin
  update family_counts as c set
    expenses = c.expenses - case when tg_table_name = 'expenses' then d.n else 0 end,
    incomes = c.incomes - case when tg_table_name = 'incomes' then d.n else 0 end,
    settlements = c.settlements - case when tg_table_name = 'settlements' then d.n else 0 end
  from (select family_id, count(*)::int as n from old_rows group by family_id) d
  where c.family_id = d.family_id;
  return null;
end
$$;

-- The family's id, with `cap` set as the expense quota of the calling transaction (a typed
-- expense's one statement): the value its INSERT writes family_id with (above).
create or replace function expense_quota_checked(family uuid, cap integer) returns uuid
language plpgsql as $$
begin
  perform set_config('budget.expense_quota', cap::text, true);
  return family;
end
$$;
