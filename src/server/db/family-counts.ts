/**
 * The quotas' counters (`family_counts`, migration 0029) counted again from the rows, for a load
 * that wrote rows with the triggers off (a restore, with session_replication_role = replica): a
 * backup older than the counters has none, and a family restored without them would count as
 * empty against its caps (docs/product.md#quotas). Every family with a counted row gets its
 * counts; one whose rows are all gone keeps the zero row it had.
 */
export const RECOUNT_FAMILIES = `
  insert into family_counts as c (family_id, expenses, incomes, settlements)
  select family_id, sum(e)::int, sum(i)::int, sum(s)::int from (
    select family_id, count(*) as e, 0 as i, 0 as s from expenses group by family_id
    union all select family_id, 0, count(*), 0 from incomes group by family_id
    union all select family_id, 0, 0, count(*) from settlements group by family_id
  ) counted group by family_id
  on conflict (family_id) do update set expenses = excluded.expenses,
    incomes = excluded.incomes, settlements = excluded.settlements`;
