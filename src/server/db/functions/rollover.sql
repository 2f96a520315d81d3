-- Budget rollover (docs/product.md#budget-rollover), the SQL twin of rolloverOf in
-- src/domain/rollover.ts; src/server/db/rollover.api.test.ts holds the two equal on random cases
-- and the worked examples. A query that sums a category's spending per budget month (the periods
-- of budget-rules.sql) hands the sums and the months' budgets here as two arrays, oldest first
-- from the month rollover was turned on, and gets every month's figures in the same statement.
--
-- category_rollover(budgets, spent, mode): one row per month, month_index 1 to n as the arrays'
-- subscripts, with what the months before carried in (0 in the first), the month's budget after
-- rollover (available = budgets[i] + carry_in) and what it carries out into the next month:
-- available - spent[i] under 'both', at least 0 under 'unspent'. The carry is never capped (an
-- envelope: unspent money adds up, and under 'both' so does an overspending). Integer cents in
-- bigint: exact, and an overflow is an error rather than a wrong figure.
--
-- A pure function of its arguments, reading no table: applied with CREATE OR REPLACE after the
-- migrations at every start (src/server/db/database-functions.ts), it holds on a database at any
-- migration. Changing an argument or the return type needs the old function dropped in a new
-- migration first.
CREATE OR REPLACE FUNCTION "category_rollover"("budgets" bigint[], "spent" bigint[], "mode" text)
RETURNS TABLE("month_index" integer, "carry_in" bigint, "available" bigint, "carry_out" bigint)
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  carry bigint := 0;
  i integer;
BEGIN
  IF "mode" NOT IN ('unspent', 'both') THEN
    RAISE EXCEPTION 'category_rollover: mode must be unspent or both, not %', "mode"
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF cardinality("budgets") <> cardinality("spent") THEN
    RAISE EXCEPTION 'category_rollover needs one budget per month: % budgets, % months of spending',
      cardinality("budgets"), cardinality("spent") USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF array_ndims("budgets") > 1 OR array_ndims("spent") > 1 THEN
    RAISE EXCEPTION 'category_rollover: one month per element, in one dimension'
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF array_position("budgets", NULL) IS NOT NULL OR array_position("spent", NULL) IS NOT NULL THEN
    RAISE EXCEPTION 'category_rollover: a month without a budget or spending'
      USING ERRCODE = 'null_value_not_allowed';
  END IF;
  FOR i IN 1 .. cardinality("budgets") LOOP
    "month_index" := i;
    "carry_in" := carry;
    "available" := "budgets"[array_lower("budgets", 1) + i - 1] + carry;
    carry := "available" - "spent"[array_lower("spent", 1) + i - 1];
    IF "mode" = 'unspent' THEN carry := greatest(0, carry); END IF;
    "carry_out" := carry;
    RETURN NEXT;
  END LOOP;
END $$;
