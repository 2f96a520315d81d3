import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema and committed; both databases apply the same files.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema.ts",
  out: "./src/server/db/migrations",
});
