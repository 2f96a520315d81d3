// The bench's families, one SQL for `npm run bench` (bench/run.mjs: 100 families) and the phone
// figures' standalone run (bench/phone.mjs: the ten-year family alone). Run on a migrated database
// (the app's migrations, before the server that serves it starts), through a node-postgres pool.
import { seedHistory } from "./history.mjs";

/** The family with ten years of expenses: its owner signs in as this user. */
export const BIG_FAMILY_EMAIL = "bench0@example.org";
const BIG_FAMILY_EXPENSES = 50_000;
/** Every seeded user's password (its hash is the caller's: src/server/passwords.ts). */
export const PASSWORD = "bench-password";

/** Signs the ten-year family's owner in on the server at `base`: its session cookie. */
export async function signInBigFamily(base) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: BIG_FAMILY_EMAIL, password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`${BIG_FAMILY_EMAIL} cannot sign in: ${login.status}`);
  return (login.headers.get("set-cookie") ?? "").split(";")[0];
}
const FAMILIES = 100;

/** Every family's five categories, with a weekly budget of a quarter of the monthly one. */
export const FIVE_CATEGORIES = `
    insert into categories (family_id, name, weekly_budget, monthly_budget)
    select f.id, c.name, c.budget / 4, c.budget
    from families f cross join (values ('Mercado', 800.00), ('Transporte', 400.00), ('Casa', 1200.00),
      ('Lazer', 300.00), ('Saúde', 200.00)) as c(name, budget);`;

/**
 * `count` expenses spread over the ten years before 2026-12-31 across the five categories, for
 * the family owned by `ownerEmail` (every family when it is left out).
 */
export async function seedTenYears(pool, count, ownerEmail) {
  await pool.query(
    `insert into expenses (family_id, description, amount, category_id, added_by_user_id, paid_by_user_id, date)
    select f.id, 'Gasto ' || g, ((g * 7919) % 50000 + 100) / 100.0,
      (select id from categories c where c.family_id = f.id order by name offset (g % 5) limit 1),
      f.owner_id, f.owner_id, date '2026-12-31' - (g % 3650)
    from families f join users u on u.id = f.owner_id and ($1::text is null or u.email = $1),
      generate_series(1, ${count}) as g`,
    [ownerEmail ?? null],
  );
}

/**
 * `families` users bench0..bench<n-1>@example.org, a family each with five categories; the first
 * (BIG_FAMILY_EMAIL) with 50,000 expenses over the ten years before 2026-12-31 and their history,
 * each other one with 100 expenses in November 2026. `families: 1` seeds the ten-year family alone.
 */
export async function seed(pool, passwordHash, { families = FAMILIES } = {}) {
  await pool.query(`
    insert into users (email, password_hash, name, first_name, preferred_language)
    select 'bench' || i || '@example.org', '${passwordHash}', 'Bench ' || i, 'Bench', 'pt'
    from generate_series(0, ${families - 1}) as i;
    insert into families (name, owner_id)
    select 'Família ' || substr(email, 6, position('@' in email) - 6), id from users where email like 'bench%';
    insert into family_members (family_id, user_id, role) select id, owner_id, 'owner' from families;
    ${FIVE_CATEGORIES}`);
  // The big family: 50,000 expenses spread over the ten years before 2026-12-31.
  await seedTenYears(pool, BIG_FAMILY_EXPENSES, BIG_FAMILY_EMAIL);
  await pool.query(`
    insert into expenses (family_id, description, amount, category_id, added_by_user_id, paid_by_user_id, date)
    select f.id, 'Gasto ' || g, 10.00 + g, (select id from categories c where c.family_id = f.id limit 1),
      f.owner_id, f.owner_id, date '2026-11-01' + (g % 28)
    from families f join users u on u.id = f.owner_id and u.email <> 'bench0@example.org',
      generate_series(1, 100) as g;`);
  // The big family's history (docs/product.md#family-history): an entry per expense and a change
  // for every fifth.
  await seedHistory(pool, BIG_FAMILY_EMAIL);
  await seedAccounts(pool, BIG_FAMILY_EMAIL);
  // A household's database is analysed by autovacuum as it grows; a bulk load right before the
  // measurement would otherwise be planned without statistics on one database and not the other.
  await pool.query("analyze");
}

/**
 * The ten-year family's money in accounts (docs/product.md#account-balances), what the accounts
 * screen and the dashboard's balances add up over ten years: three accounts opened on
 * 2016-12-31 with their opening balances and a card closing on the 3rd, due on the 10th. Every
 * month of the ten years a salary into the first account and a freelance income into the third,
 * a transfer from the first to the savings and one to the third; three in ten of the 50,000
 * expenses paid from them, one in five of all of them on the card (each in the bill its date
 * falls in, as the app files it: src/domain/card-bills.ts); each bill closed before December
 * 2026 paid in full from the first account on its due day; a reconciliation of the first
 * account at the end of each year with a bank fee as its adjustment.
 */
export async function seedAccounts(pool, ownerEmail) {
  const { rows } = await pool.query(
    `select f.id as family, f.owner_id as owner from families f
       join users u on u.id = f.owner_id where u.email = $1`,
    [ownerEmail],
  );
  const { family, owner } = rows[0];
  const methods = await pool.query(
    `insert into payment_methods (family_id, kind, name, owner_user_id, closing_day, due_day,
       credit_limit, opening_balance, opening_date)
     values ($1, 'checking', 'Conta Itaú', $2, null, null, null, 5000.00, '2016-12-31'),
       ($1, 'savings', 'Poupança', $2, null, null, null, 20000.00, '2016-12-31'),
       ($1, 'checking', 'Conta Nubank', $2, null, null, null, 1000.00, '2016-12-31'),
       ($1, 'credit_card', 'Cartão Nubank', $2, 3, 10, 8000.00, null, null)
     returning id, name`,
    [family, owner],
  );
  const byName = new Map(methods.rows.map((row) => [row.name, row.id]));
  const [itau, savings, nubank, card] = [
    "Conta Itaú",
    "Poupança",
    "Conta Nubank",
    "Cartão Nubank",
  ].map((name) => byName.get(name));
  // A bill a month: closing on the 3rd, due on the 10th, January 2017 to January 2027.
  await pool.query(
    `insert into card_bills (family_id, method_id, closes_on, due_on)
     select $1, $2, m + interval '2 days', m + interval '9 days'
     from generate_series(date '2017-01-01', date '2027-01-01', interval '1 month') as m`,
    [family, card],
  );
  // 'Gasto <n>': n mod 10 is 1 or 2 from the first account, 3 from the third, 4 or 5 on the card.
  await pool.query(
    `update expenses e set payment_method_id = case
         when n % 10 in (1, 2) then $2::uuid when n % 10 = 3 then $3::uuid else $4::uuid end,
       bill_id = case when n % 10 in (4, 5) then (select b.id from card_bills b
         where b.method_id = $4 and b.closes_on = (date_trunc('month', e.date - 3)
           + interval '1 month' + interval '2 days')::date) end
     from (select id, substr(description, 7)::int as n from expenses
       where family_id = $1 and description ~ '^Gasto [0-9]+$') as x
     where e.id = x.id and x.n % 10 between 1 and 5`,
    [family, itau, nubank, card],
  );
  await pool.query(
    `insert into incomes (family_id, description, amount, kind, received_by_user_id,
       added_by_user_id, payment_method_id, date)
     select $1, i.description, i.amount, i.kind, $2, $2, i.method, m::date + i.day
     from generate_series(date '2017-01-01', date '2026-12-01', interval '1 month') as m,
       (values ('Salário', 45000.00, 'salary', $3::uuid, 4), ('Freela', 12000.00, 'other', $4::uuid, 19))
         as i(description, amount, kind, method, day)`,
    [family, owner, itau, nubank],
  );
  await pool.query(
    `insert into transfers (family_id, from_method_id, to_method_id, amount, date, added_by_user_id)
     select $1, $2, t.target, t.amount, m::date + t.day, $5
     from generate_series(date '2017-01-01', date '2026-12-01', interval '1 month') as m,
       (values ($3::uuid, 2000.00, 5), ($4::uuid, 500.00, 14)) as t(target, amount, day)`,
    [family, itau, savings, nubank, owner],
  );
  await pool.query(
    `insert into bill_payments (family_id, bill_id, from_method_id, amount, paid_on, added_by_user_id)
     select $1, b.id, $2, s.total, b.due_on, $4
     from card_bills b
     cross join lateral (select sum(e.amount) as total from expenses e where e.bill_id = b.id) s
     where b.method_id = $3 and b.closes_on < '2026-12-01' and s.total > 0`,
    [family, itau, card, owner],
  );
  await pool.query(
    `insert into reconciliations (family_id, method_id, date, bank_balance, adjustment, reason,
       added_by_user_id)
     select $1, $2, d, account_balance($2, $1, d) - 12.50, -12.50, 'Tarifas do ano', $3
     from generate_series(date '2017-12-31', date '2025-12-31', interval '1 year') as g,
       lateral (select g::date as d) as day`,
    [family, itau, owner],
  );
}
