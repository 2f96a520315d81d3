// Creates or drops a database for a CI run: `node scripts/pg-admin.mjs <admin-url> create|drop <name>`.
// Done with the project's own `pg` client so CI needs no psql on the machine.
import pg from "pg";

const [adminUrl, action, name] = process.argv.slice(2);
if (!adminUrl || !["create", "drop"].includes(action ?? "") || !/^[a-z0-9_]+$/.test(name ?? "")) {
  console.error("usage: node scripts/pg-admin.mjs <admin-url> create|drop <name>");
  process.exit(2);
}
const client = new pg.Client({ connectionString: adminUrl });
await client.connect();
try {
  if (action === "create") await client.query(`create database "${name}"`);
  else await client.query(`drop database if exists "${name}" with (force)`);
} finally {
  await client.end();
}
