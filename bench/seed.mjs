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
  // A household's database is analysed by autovacuum as it grows; a bulk load right before the
  // measurement would otherwise be planned without statistics on one database and not the other.
  await pool.query("analyze");
}
