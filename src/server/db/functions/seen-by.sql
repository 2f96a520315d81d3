-- What a member may read of the family's expenses and incomes (docs/product.md#private-expenses,
-- #private-income): every read of either table outside the write doors selects from these, so
-- another member's private row is masked once, here, and no reader masks a field by hand
-- (src/server/db/seen-by.ts; db/seen-by.test.ts fails on a direct read).
--
-- A private row someone else added keeps its id, amount, date and `private`; everything else is
-- absent: description and search text empty, every reference null, not an example, split
-- {"mode":"private"}, and its instants the start of its date, so nothing says when it was
-- written. Its author reads it whole.
--
-- One SELECT, LANGUAGE sql, STABLE, no SET: PostgreSQL inlines the call into the query that makes
-- it, so the caller's conditions on family_id, date and amount reach the table's indexes and a
-- sum reads no masked column at all (the plans are checked in db/seen-by.api.test.ts). The test
-- "hidden" is written out in each column rather than computed once in a LATERAL subquery: the
-- subquery is one more relation for every caller's planner to pull up, which measured ~0.2 ms of
-- planning per call on the summary (docs/benchmarks.md).
create or replace function expenses_seen_by(family uuid, reader uuid) returns setof expenses
language sql stable parallel safe
as $$
  select e.id, e.family_id,
    case when (e.private and e.added_by_user_id is distinct from reader) then '' else e.description end,
    e.amount,
    case when (e.private and e.added_by_user_id is distinct from reader) then null else e.category_id end,
    case when (e.private and e.added_by_user_id is distinct from reader) then null else e.added_by_user_id end,
    e.date,
    e.is_example and not (e.private and e.added_by_user_id is distinct from reader),
    case when (e.private and e.added_by_user_id is distinct from reader) then null else e.idempotency_key end,
    case when (e.private and e.added_by_user_id is distinct from reader) then e.date::timestamp at time zone 'UTC' else e.created_at end,
    case when (e.private and e.added_by_user_id is distinct from reader) then e.date::timestamp at time zone 'UTC' else e.updated_at end,
    case when (e.private and e.added_by_user_id is distinct from reader) then '' else e.search_text end,
    case when (e.private and e.added_by_user_id is distinct from reader) then null else e.paid_by_user_id end,
    case when (e.private and e.added_by_user_id is distinct from reader) then null else e.recurring_rule_id end,
    case when (e.private and e.added_by_user_id is distinct from reader) then null else e.recurring_date end,
    case when (e.private and e.added_by_user_id is distinct from reader) then null else e.payment_method_id end,
    case when (e.private and e.added_by_user_id is distinct from reader) then null else e.bill_id end,
    case when (e.private and e.added_by_user_id is distinct from reader) then null else e.series_id end,
    case when (e.private and e.added_by_user_id is distinct from reader) then null else e.installment end,
    case when (e.private and e.added_by_user_id is distinct from reader) then null else e.installment_count end,
    case when (e.private and e.added_by_user_id is distinct from reader) then '{"mode":"private"}'::jsonb else e.split end,
    e.private,
    case when (e.private and e.added_by_user_id is distinct from reader) then null else e.refund_of_id end,
    case when (e.private and e.added_by_user_id is distinct from reader) then null else e.refund_of_label end
  from expenses e
  where e.family_id = family
$$;
create or replace function incomes_seen_by(family uuid, reader uuid) returns setof incomes
language sql stable parallel safe
as $$
  select i.id, i.family_id,
    case when (i.private and i.added_by_user_id is distinct from reader) then '' else i.description end,
    i.amount,
    case when (i.private and i.added_by_user_id is distinct from reader) then null else i.kind end,
    case when (i.private and i.added_by_user_id is distinct from reader) then null else i.received_by_user_id end,
    case when (i.private and i.added_by_user_id is distinct from reader) then null else i.payment_method_id end,
    i.private,
    case when (i.private and i.added_by_user_id is distinct from reader) then null else i.added_by_user_id end,
    case when (i.private and i.added_by_user_id is distinct from reader) then null else i.recurring_rule_id end,
    case when (i.private and i.added_by_user_id is distinct from reader) then null else i.recurring_date end,
    i.date,
    case when (i.private and i.added_by_user_id is distinct from reader) then null else i.idempotency_key end,
    case when (i.private and i.added_by_user_id is distinct from reader) then i.date::timestamp at time zone 'UTC' else i.created_at end,
    case when (i.private and i.added_by_user_id is distinct from reader) then i.date::timestamp at time zone 'UTC' else i.updated_at end
  from incomes i
  where i.family_id = family
$$;
