/**
 * Copies the app's tables row by row as PostgreSQL's own JSON text: rows leave the source through
 * row_to_json and enter the target through json_populate_recordset, so no value (a numeric(10,2)
 * amount, a calendar date, a timestamp) is ever parsed or rounded in JavaScript. Used by backups
 * (npm run backup / restore) and by the one-time import of a PGlite DATA_DIR.
 */

export type Queryable = {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
};

export type TableShape = { name: string; columns: string[] };

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** The app's tables (schema public) and the columns a copy writes (generated ones are derived). */
export async function appTables(client: Queryable): Promise<TableShape[]> {
  const { rows } = await client.query(
    `select c.table_name as table, c.column_name as column
       from information_schema.columns c
       join information_schema.tables t
         on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
      order by c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const row of rows) {
    const table = String(row.table);
    tables.set(table, [...(tables.get(table) ?? []), String(row.column)]);
  }
  return [...tables].map(([name, columns]) => ({ name, columns }));
}

/** Each row of `table` as JSON text, in batches (a server-side cursor: memory stays flat). */
export async function* readRows(
  client: Queryable,
  table: string,
  batchSize = 2_000,
): AsyncGenerator<string[]> {
  const cursor = `copy_${table.replace(/\W/g, "_")}`;
  await client.query(
    `declare ${cursor} no scroll cursor for select row_to_json(t)::text as row from ${quote(table)} t`,
  );
  try {
    for (;;) {
      const { rows } = await client.query(`fetch ${batchSize} from ${cursor}`);
      if (rows.length === 0) return;
      yield rows.map((row) => String(row.row));
    }
  } finally {
    await client.query(`close ${cursor}`);
  }
}

/** Inserts rows given as JSON text into `table`, writing only `columns`. */
export async function insertRows(
  client: Queryable,
  table: string,
  columns: string[],
  rows: string[],
) {
  if (rows.length === 0) return;
  const list = columns.map(quote).join(", ");
  await client.query(
    `insert into ${quote(table)} (${list}) select ${list} from json_populate_recordset(null::${quote(table)}, $1::json)`,
    [`[${rows.join(",")}]`],
  );
}

export async function countRows(client: Queryable, tables: string[]) {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await client.query(`select count(*)::int as n from ${quote(table)}`);
    counts[table] = Number(rows[0]?.n);
  }
  return counts;
}
