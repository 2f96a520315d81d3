import { createHash } from "node:crypto";
import { chmod, mkdtemp, readdir, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterEach, describe, expect, it } from "vitest";
import { openPostgres } from "./db/client";
import { socketConnection } from "./db/embedded-postgres";
import { totpRecoveryCodes, users } from "./db/schema";
import {
  isAlive,
  jsonPost,
  killSpawnedServers,
  postmasterPid,
  postmastersOn,
  type RunningServer,
  spawnServer,
  startServer,
} from "./testing/server-process";
import { createTestDatabase, onExternalPostgres } from "./testing/test-database";

/** The real process, as `npm start` runs it, on its own DATA_DIR and a free port. */

afterEach(killSpawnedServers);

const health = async (server: RunningServer) =>
  (await fetch(`${server.url}/api/health`)).json() as Promise<unknown>;

const newDataDir = () => mkdtemp(join(tmpdir(), "budget-main-"));

const register = (server: RunningServer, email: string) =>
  fetch(`${server.url}/api/auth/register`, jsonPost({ email, password: "secret-71", name: "Ana" }));

const login = async (server: RunningServer, email: string) =>
  (await fetch(`${server.url}/api/auth/login`, jsonPost({ email, password: "secret-71" }))).status;

const stopped = async (server: RunningServer, signal: NodeJS.Signals) => {
  server.child.kill(signal);
  return server.exit;
};

async function waitFor(check: () => Promise<boolean> | boolean, ms = 10_000) {
  for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

// Each pass starts the server on its own database; the PostgreSQL pass does not repeat the
// embedded one's process tests.
if (!onExternalPostgres()) {
  describe("the server process on the embedded PostgreSQL", () => {
    it("starts its own PostgreSQL, refuses a second server on its DATA_DIR, and stops both cleanly", async () => {
      const dataDir = await newDataDir();
      const first = await startServer({ DATA_DIR: dataDir });
      expect(await health(first)).toEqual({ status: "ok", database: "embedded-postgres" });
      const postgres = await postmasterPid(dataDir);
      expect(postgres && isAlive(postgres)).toBe(true);

      // PostgreSQL listens on a Unix socket in DATA_DIR only, with durability on.
      const direct = openPostgres({ ...socketConnection(dataDir), max: 1 });
      const { rows } = await direct.pool.query(
        "select current_setting('listen_addresses') as listen, current_setting('fsync') as fsync, current_setting('full_page_writes') as fpw, current_setting('unix_socket_directories') as sockets",
      );
      await direct.close();
      expect(rows[0]).toEqual({
        listen: "",
        fsync: "on",
        fpw: "on",
        sockets: join(dataDir, "run"),
      });

      const second = await spawnServer({ DATA_DIR: dataDir });
      expect(await second.exit).toBe(1);
      expect(second.output()).toContain(`DATA_DIR ${dataDir} is in use by another running server`);
      expect(await health(first)).toEqual({ status: "ok", database: "embedded-postgres" });

      expect((await register(first, "kept@example.org")).status).toBe(201);
      expect(await stopped(first, "SIGTERM")).toBe(0);
      expect(isAlive(postgres as number)).toBe(false);
      expect(await postmastersOn(dataDir)).toEqual([]);
      expect(first.output()).toContain("shutting down: finishing requests in flight");

      const again = await startServer({ DATA_DIR: dataDir });
      expect(await login(again, "kept@example.org")).toBe(200);
      expect(await stopped(again, "SIGINT")).toBe(0);
      expect(await postmastersOn(dataDir)).toEqual([]);
    }, 90_000);

    it("finishes a request in flight when told to stop (however many times), then stops PostgreSQL", async () => {
      const dataDir = await newDataDir();
      const server = await startServer({ DATA_DIR: dataDir });
      // A registration hashes a password with argon2id: long enough to be caught mid-flight.
      const inFlight = register(server, "late@example.org");
      await waitFor(() => server.output().includes('"url":"/api/auth/register"'));
      server.child.kill("SIGTERM");
      // Ctrl-C under npm start: the terminal's SIGINT and npm's forwarded one.
      server.child.kill("SIGINT");
      server.child.kill("SIGINT");
      expect((await inFlight).status).toBe(201);
      expect(await server.exit).toBe(0);
      expect(await postmastersOn(dataDir)).toEqual([]);
      const after = await startServer({ DATA_DIR: dataDir });
      expect(await login(after, "late@example.org")).toBe(200);
    }, 60_000);

    it("comes back healthy with one PostgreSQL after the app alone is killed (PostgreSQL orphaned)", async () => {
      const dataDir = await newDataDir();
      const killed = await startServer({ DATA_DIR: dataDir });
      expect((await register(killed, "orphan@example.org")).status).toBe(201);
      const orphan = (await postmasterPid(dataDir)) as number;
      expect(await stopped(killed, "SIGKILL")).toBe(null);
      expect(isAlive(orphan)).toBe(true); // what the OOM killer leaves behind

      const next = await startServer({ DATA_DIR: dataDir });
      expect(await health(next)).toEqual({ status: "ok", database: "embedded-postgres" });
      expect(isAlive(orphan)).toBe(false);
      expect(await postmastersOn(dataDir)).toEqual([await postmasterPid(dataDir)]);
      expect(await login(next, "orphan@example.org")).toBe(200);
    }, 90_000);

    it("comes back healthy after its process group and its PostgreSQL are killed at once", async () => {
      const dataDir = await newDataDir();
      const killed = await startServer({ DATA_DIR: dataDir }, { detached: true });
      expect((await register(killed, "group@example.org")).status).toBe(201);
      const postgres = (await postmasterPid(dataDir)) as number;
      process.kill(-(killed.child.pid as number), "SIGKILL");
      await killed.exit;
      // PostgreSQL has a group of its own and survives that; a container stop (or a power cut)
      // kills it too, leaving its postmaster.pid behind.
      process.kill(postgres, "SIGKILL");
      expect(await waitFor(() => !isAlive(postgres))).toBe(true);

      const next = await startServer({ DATA_DIR: dataDir });
      expect(await health(next)).toEqual({ status: "ok", database: "embedded-postgres" });
      expect((await postmastersOn(dataDir)).length).toBe(1);
      expect(await login(next, "group@example.org")).toBe(200);
    }, 90_000);

    it("restarts its PostgreSQL when that is killed, keeping every acknowledged write", async () => {
      const dataDir = await newDataDir();
      const server = await startServer({ DATA_DIR: dataDir });
      expect((await register(server, "before@example.org")).status).toBe(201);
      const first = (await postmasterPid(dataDir)) as number;
      process.kill(first, "SIGKILL");
      // Its backends may answer a moment longer; then the app starts a new postmaster.
      const restarted = async () => {
        const pid = await postmasterPid(dataDir);
        if (!pid || pid === first || !isAlive(pid)) return false;
        return (await fetch(`${server.url}/api/health`)).status === 200;
      };
      expect(await waitFor(restarted, 30_000)).toBe(true);
      expect(server.output()).toContain("PostgreSQL stopped unexpectedly: restarting it");
      expect(await login(server, "before@example.org")).toBe(200);
      expect((await register(server, "after@example.org")).status).toBe(201);
      expect(await stopped(server, "SIGTERM")).toBe(0);
      expect(await postmastersOn(dataDir)).toEqual([]);
    }, 90_000);

    it("keeps DATA_DIR private whatever the umask: folders 0700, files 0600", async () => {
      const parent = await newDataDir();
      await chmod(parent, 0o755); // as a home folder is: PostgreSQL's user may pass through it
      const dataDir = join(parent, "nested", "data");
      const server = await startServer({ DATA_DIR: dataDir }, { umask: "000" });
      expect(await health(server)).toEqual({ status: "ok", database: "embedded-postgres" });
      const mode = async (path: string) => (await stat(path)).mode & 0o777;
      expect(await mode(dataDir)).toBe(0o700);
      expect(await mode(join(dataDir, "postgres"))).toBe(0o700);
      expect(await mode(join(dataDir, "run"))).toBe(0o700);
      expect(await mode(join(dataDir, "session-secret"))).toBe(0o600);
      expect(await mode(join(dataDir, "two-factor-key"))).toBe(0o600);
      expect(await mode(join(dataDir, "postgres.log"))).toBe(0o600);
      expect(await mode(join(dataDir, "server.sock"))).toBe(0o600);
      for (const name of await readdir(join(dataDir, "postgres", "global"))) {
        expect(await mode(join(dataDir, "postgres", "global", name)), name).toBe(0o600);
      }
      expect(await stopped(server, "SIGTERM")).toBe(0);
    }, 60_000);

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
        DATABASE_URL: database.connectionString,
        DATA_DIR: await newDataDir(),
      });
      expect(await health(server)).toEqual({ status: "ok", database: "postgres" });
      server.child.kill("SIGTERM");
      expect(await server.exit).toBe(0);
      const rows = await database.db.select({ email: users.email }).from(users);
      expect(rows).toEqual([{ email: "pg@example.org" }]);
      await database.close();
    }, 60_000);

    it("seals at start the two-factor secrets an earlier version kept in clear, and they still sign in", async () => {
      const database = await createTestDatabase();
      const server = await startServer({
        DATABASE_URL: database.connectionString,
        DATA_DIR: await newDataDir(),
        TWO_FACTOR_KEY: "3c".repeat(32),
      });
      expect((await register(server, "old2fa@example.org")).status).toBe(201);
      server.child.kill("SIGTERM");
      expect(await server.exit).toBe(0);
      // Written as before the upgrade: the seed in clear, a recovery code as a bare SHA-256.
      const secret = new Secret({ size: 20 }).base32;
      const [user] = await database.db
        .update(users)
        .set({ totpSecret: secret, totpEnabledAt: new Date() })
        .where(eq(users.email, "old2fa@example.org"))
        .returning({ id: users.id });
      const recoveryHash = createHash("sha256").update("abcdefghjk").digest("hex");
      await database.db
        .insert(totpRecoveryCodes)
        .values({ userId: user?.id ?? "", codeHash: recoveryHash });

      const upgraded = await startServer({
        DATABASE_URL: database.connectionString,
        DATA_DIR: await newDataDir(),
        TWO_FACTOR_KEY: "3c".repeat(32),
      });
      const [row] = await database.db
        .select()
        .from(users)
        .where(eq(users.id, user?.id ?? ""));
      expect(row?.totpSecret).toMatch(/^v1:/);
      expect(row?.totpSecret).not.toContain(secret);
      const [code] = await database.db.select().from(totpRecoveryCodes);
      expect(code?.codeHash).toMatch(/^h1:/);
      expect(code?.codeHash).not.toContain(recoveryHash);
      const secondStep = async (code: string) => {
        const password = await fetch(
          `${upgraded.url}/api/auth/login`,
          jsonPost({ email: "old2fa@example.org", password: "secret-71" }),
        );
        const { challengeToken } = (await password.json()) as { challengeToken: string };
        return (
          await fetch(
            `${upgraded.url}/api/auth/login/two-factor`,
            jsonPost({ challengeToken, code }),
          )
        ).status;
      };
      expect(await secondStep(new TOTP({ secret: Secret.fromBase32(secret) }).generate())).toBe(
        200,
      );
      expect(await secondStep("abcde-fghjk")).toBe(200);
      upgraded.child.kill("SIGTERM");
      expect(await upgraded.exit).toBe(0);
      await database.close();
    }, 60_000);
  });
}
