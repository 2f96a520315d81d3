import { spawn } from "node:child_process";
import { mkdtemp, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { projectRoot } from "../paths";
import { signUp } from "../testing/api-helpers";
import { createCategory, createExpense, signUpWithFamily } from "../testing/family-helpers";
import { testConfig } from "../testing/test-app";
import { BACKUPS_KEPT, backupIsDue, listBackups, restoreBackup, writeBackup } from "./backup";
import { openPglite } from "./client";

const tables = [
  "users",
  "sessions",
  "verification_tokens",
  "password_reset_tokens",
  "families",
  "family_members",
  "family_invites",
  "categories",
  "expenses",
];

async function dumpRows(database: Awaited<ReturnType<typeof openPglite>>) {
  const rows: Record<string, unknown[]> = {};
  for (const table of tables) {
    const result = await database.client.query(`select * from ${table} order by 1`);
    rows[table] = result.rows;
  }
  return rows;
}

const runCli = (args: string[], env: Record<string, string>) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/cli.ts", ...args], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH ?? "", ...env },
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("exit", (code) => resolve({ code, output }));
  });

describe("backups of the embedded database", () => {
  it("round-trip every row of every table through npm run backup and npm run restore", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "budget-backup-"));
    const database = await openPglite({ dataDir });
    await database.migrate();
    const app = await buildApp({ database, config: testConfig({ DATA_DIR: dataDir }) });
    const family = await signUpWithFamily(app, { clearStarterData: false });
    const category = await createCategory(app, family, { name: "Farmácia" });
    await createExpense(app, family, {
      categoryId: category.id,
      amount: "12345678.90",
      description: "Ção & <b>",
    });
    await signUp(app);
    await app.inject({
      method: "POST",
      url: "/api/family/invite",
      headers: { cookie: family.cookie },
    });
    await app.close();
    const before = await dumpRows(database);
    await database.close();
    expect(before.expenses?.length).toBeGreaterThan(1);

    const backup = await runCli(["backup"], { DATA_DIR: dataDir });
    expect(backup.code, backup.output).toBe(0);
    const [file] = await listBackups(dataDir);
    expect(backup.output).toContain(`Backup written: ${file}`);

    const freshDir = await mkdtemp(join(tmpdir(), "budget-restore-"));
    const restored = await runCli(["restore", file as string], { DATA_DIR: freshDir });
    expect(restored.code, restored.output).toBe(0);
    const copy = await openPglite({ dataDir: freshDir });
    expect(await dumpRows(copy)).toEqual(before);
    await copy.close();

    const again = await runCli(["restore", file as string], { DATA_DIR: freshDir });
    expect(again.code).toBe(1);
    expect(again.output).toContain("already holds a database: restore into a fresh DATA_DIR");
  }, 120_000);

  it("keeps the newest 7 and is due once a day", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "budget-backup-"));
    const database = await openPglite({ dataDir });
    await database.migrate();
    expect(await backupIsDue(dataDir)).toBe(true);
    const written: string[] = [];
    for (let day = 1; day <= 9; day++) {
      written.push(
        await writeBackup(database.client, dataDir, new Date(`2026-03-0${day}T03:00:00Z`)),
      );
    }
    expect(await listBackups(dataDir)).toEqual(written.slice(-BACKUPS_KEPT));
    expect(await backupIsDue(dataDir)).toBe(false);
    const newest = written.at(-1) as string;
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await utimes(newest, twoDaysAgo, twoDaysAgo);
    expect(await backupIsDue(dataDir)).toBe(true);
    await database.close();
  }, 60_000);

  it("never restores over an existing database", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "budget-backup-"));
    const database = await openPglite({ dataDir });
    await database.client.query("select 1");
    await database.close();
    const bogus = join(dataDir, "bogus.tar.gz");
    await writeFile(bogus, "not a tarball");
    await expect(restoreBackup(bogus, dataDir)).rejects.toThrow("already holds a database");
    const count = await openPglite({ dataDir });
    const result = (await count.db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] };
    expect(result.rows).toEqual([{ one: 1 }]);
    await count.close();
  }, 60_000);
});
