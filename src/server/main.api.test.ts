import { existsSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, inject, it } from "vitest";
import { openPglite } from "./db/client";
import { users } from "./db/schema";
import {
  jsonPost,
  killSpawnedServers,
  type RunningServer,
  spawnServer,
  startServer,
} from "./testing/server-process";
import { createTestDatabase } from "./testing/test-database";

/** The real process, as `npm start` runs it, on its own DATA_DIR and a free port. */

afterEach(killSpawnedServers);

const health = async (server: RunningServer) =>
  (await fetch(`${server.url}/api/health`)).json() as Promise<unknown>;

// Each pass starts the server on its own database; the PostgreSQL pass does not repeat the
// embedded one's process tests.
if (!inject("postgresTemplate")) {
  describe("the server process on the embedded database", () => {
    it("serves, refuses a second server on its DATA_DIR, stops cleanly and keeps the data", async () => {
      const dataDir = await mkdtemp(join(tmpdir(), "budget-main-"));
      const first = await startServer({ DATA_DIR: dataDir });
      expect(await health(first)).toEqual({ status: "ok", database: "pglite" });
      expect(existsSync(join(dataDir, "server.lock"))).toBe(true);

      const second = await spawnServer({ DATA_DIR: dataDir });
      expect(await second.exit).toBe(1);
      expect(second.output()).toContain(`DATA_DIR ${dataDir} is in use by another running server`);
      expect(await health(first)).toEqual({ status: "ok", database: "pglite" });

      first.child.kill("SIGTERM");
      expect(await first.exit).toBe(0);
      expect(existsSync(join(dataDir, "server.lock"))).toBe(false);

      // Data written between runs is still there after another run of the server.
      const between = await openPglite({ dataDir });
      await between.db
        .insert(users)
        .values({ email: "kept@example.org", passwordHash: "x", name: "Kept" });
      await between.close();

      const again = await startServer({ DATA_DIR: dataDir });
      expect(await health(again)).toEqual({ status: "ok", database: "pglite" });
      again.child.kill("SIGINT");
      expect(await again.exit).toBe(0);

      const after = await openPglite({ dataDir });
      const rows = await after.db.select({ email: users.email }).from(users);
      expect(rows).toEqual([{ email: "kept@example.org" }]);
      await after.close();
    }, 90_000);

    it("finishes a request in flight when told to stop", async () => {
      const dataDir = await mkdtemp(join(tmpdir(), "budget-main-"));
      const server = await startServer({ DATA_DIR: dataDir });
      // A registration hashes a password with argon2id: long enough to be caught mid-flight.
      const inFlight = fetch(
        `${server.url}/api/auth/register`,
        jsonPost({ email: "late@example.org", password: "secret1", name: "Late" }),
      );
      const deadline = Date.now() + 10_000;
      while (!server.output().includes('"url":"/api/auth/register"') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      server.child.kill("SIGTERM");
      expect((await inFlight).status).toBe(201);
      expect(await server.exit).toBe(0);
      const after = await openPglite({ dataDir });
      expect(await after.db.select({ email: users.email }).from(users)).toEqual([
        { email: "late@example.org" },
      ]);
      await after.close();
    }, 60_000);

    it("takes over the DATA_DIR of a server that was killed", async () => {
      const dataDir = await mkdtemp(join(tmpdir(), "budget-main-"));
      const killed = await startServer({ DATA_DIR: dataDir });
      killed.child.kill("SIGKILL");
      await killed.exit;
      const next = await startServer({ DATA_DIR: dataDir });
      expect(await health(next)).toEqual({ status: "ok", database: "pglite" });
      next.child.kill("SIGTERM");
      expect(await next.exit).toBe(0);
    }, 90_000);

    it("stops at start-up naming a bad variable", async () => {
      const server = await spawnServer({ PORT: "not-a-port", LOG_LEVEL: "loud" });
      expect(await server.exit).toBe(1);
      expect(server.output()).toMatch(/- PORT: /);
      expect(server.output()).toMatch(/- LOG_LEVEL: /);
    }, 30_000);
  });
} else {
  describe("the server process on PostgreSQL", () => {
    it("runs the same app with DATABASE_URL and says so on /api/health", async () => {
      const database = await createTestDatabase();
      await database.migrate(); // already migrated: applying again must be a no-op
      await database.db.insert(users).values({ email: "pg@example.org", passwordHash: "x" });
      const server = await startServer({
        DATABASE_URL: database.connectionString ?? "",
        DATA_DIR: await mkdtemp(join(tmpdir(), "budget-main-")),
      });
      expect(await health(server)).toEqual({ status: "ok", database: "postgres" });
      server.child.kill("SIGTERM");
      expect(await server.exit).toBe(0);
      const rows = await database.db.select({ email: users.email }).from(users);
      expect(rows).toEqual([{ email: "pg@example.org" }]);
      await database.close();
    }, 60_000);
  });
}
