import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { isIP } from "node:net";
import { join, resolve } from "node:path";
import { z } from "zod";
import { ensurePrivateDirectory, writePrivateFile } from "./db/private-files";

/**
 * The only place that reads process.env. Every variable of README.md#configuration is parsed and validated here
 * once at start-up; a bad value stops the process with a message that names the variable.
 */

/**
 * Which proxies' X-Forwarded-For is believed, in a form Fastify's `trustProxy` takes: a hop count
 * (the N closest proxies) or a comma list of proxy addresses/CIDRs (proxy-addr's names
 * loopback, linklocal and uniquelocal included). `true` is refused: trusting every hop lets a
 * client write its own X-Forwarded-For and pick the IP that every per-IP limit counts
 * (docs/scaling.md, docs/decisions/002-rate-limits.md).
 */
const proxyNames = ["loopback", "linklocal", "uniquelocal"];
const isProxyAddress = (entry: string) => {
  if (proxyNames.includes(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
};
const trustProxySetting = z.string().transform((value, ctx): false | number | string[] => {
  const text = value.trim().toLowerCase();
  if (["false", "no", "0"].includes(text)) return false;
  if (["true", "yes"].includes(text)) {
    ctx.addIssue({
      code: "custom",
      message:
        "true is refused: trusting every hop lets a client choose its own IP with X-Forwarded-For and escape the per-IP rate limits; give the number of proxies in front (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1)",
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= 100) return hops;
  }
  const entries = text.split(",").map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length > 0) {
    ctx.addIssue({
      code: "custom",
      message: `must be a hop count (0-100) or a comma list of proxy addresses/CIDRs; not understood: ${bad.map((entry) => JSON.stringify(entry)).join(", ")}`,
    });
    return z.NEVER;
  }
  return entries;
});

/**
 * ALLOWED_HOSTS: host names besides APP_URL's that requests may be addressed to (http/allowed-hosts.ts,
 * docs/scaling.md#host-names). Names only: the check compares names, not ports.
 */
const hostName =
  /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/;
const allowedHostsSetting = z.string().transform((value, ctx): string[] => {
  const entries = value
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== "");
  const bad = entries.filter((entry) => !hostName.test(entry) && isIP(entry) === 0);
  if (bad.length > 0) {
    ctx.addIssue({
      code: "custom",
      message: `must be a comma list of host names without scheme, port or path (e.g. budget.example.org,budget.lan); not understood: ${bad.map((entry) => JSON.stringify(entry)).join(", ")}`,
    });
    return z.NEVER;
  }
  return entries.map((entry) => entry.replace(/\.$/, ""));
});

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ error: "must be a port number" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 65535")
    .max(65535, "must be between 0 and 65535")
    .default(3000),
  HOST: z.string().min(1, "must not be empty").default("127.0.0.1"),
  DATA_DIR: z.string().min(1, "must not be empty").default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// URL")
    .optional(),
  APP_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .transform((value) => value.replace(/\/+$/, ""))
    .optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  MAIL_FROM: z
    .string()
    .min(3, "must be a sender address")
    .default("Family Budget <no-reply@localhost>"),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  TWO_FACTOR_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, "must be 64 hexadecimal characters (32 random bytes)")
    .optional(),
  TRUST_PROXY: trustProxySetting.default(false),
  ALLOWED_HOSTS: allowedHostsSetting.default([]),
  LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(", ")}` }).default("info"),
  RATE_LIMIT_LOGIN_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().positive().default(50),
  RATE_LIMIT_FORGOT_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_FORGOT_PER_IP: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_REGISTER_PER_IP: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_RESET_PER_IP: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_JOIN_PER_USER: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_JOIN_PER_IP: z.coerce.number().int().positive().default(30),
  // docs/product.md#quotas says where these numbers come from (a large household ten times over).
  QUOTA_EXPENSES_PER_FAMILY: z.coerce.number().int().positive().default(250_000),
  QUOTA_RECURRING_RULES_PER_FAMILY: z.coerce.number().int().positive().default(200),
  QUOTA_IMPORTS_PER_DAY: z.coerce.number().int().positive().default(20),
  QUOTA_INCOMES_PER_FAMILY: z.coerce.number().int().positive().default(100_000),
  QUOTA_SETTLEMENTS_PER_FAMILY: z.coerce.number().int().positive().default(20_000),
  QUOTA_OPEN_INVITES_PER_FAMILY: z.coerce.number().int().positive().default(10),
  // Heavy reads running at once in the process (http/heavy-reads.ts): two on the 2-core machine
  // of docs/benchmarks.md#parallel-heavy-reads keep /api/health answering; more cores, more.
  HEAVY_READS_AT_ONCE: z.coerce.number().int().positive().default(2),
  RECURRING_BACKFILL_DAYS: z.coerce.number().int().positive().default(365),
  RATE_LIMIT_REAUTH_PER_SESSION: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_REAUTH_PER_IP: z.coerce.number().int().positive().default(50),
  // Open live streams per process (docs/decisions/009-live-updates-over-sse.md): one household
  // behind one address keeps a few tabs per member; the whole process, far more than it serves.
  STREAMS_MAX: z.coerce.number().int().positive().default(1_000),
  STREAMS_PER_IP: z.coerce.number().int().positive().default(50),
});

export type Config = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Unset until `ensureSessionSecret` has read or generated it (embedded database only). */
  sessionSecret: string | undefined;
  /**
   * 32 bytes as hex that seal two-factor secrets at rest (server/two-factor.ts); unset until
   * `ensureTwoFactorKey` has read or generated it (embedded database only).
   */
  twoFactorKey: string | undefined;
  /** Fastify's `trustProxy`: false, a hop count or proxy addresses/CIDRs (never `true`). */
  trustProxy: false | number | string[];
  /** Host names (lower case) requests may name besides APP_URL's, loopback names and IP addresses. */
  allowedHosts: string[];
  logLevel: (typeof logLevels)[number];
  /**
   * argon2's cost (server/passwords.ts): always "owasp"; no variable sets it. Only the
   * tests' apps, built from server/testing/test-app.ts, choose "tests-only".
   */
  passwordHashing: "owasp" | "tests-only";
  /** Heavy reads (http/heavy-reads.ts) running at once in this process, everyone's together. */
  heavyReadsAtOnce: number;
  /** Caps on bulk writes (docs/product.md#quotas). */
  quotas: {
    expensesPerFamily: number;
    recurringRulesPerFamily: number;
    /** Imports a family may record in any 24 hours. */
    importsPerDay: number;
    /** Incomes a family keeps: typed, imported credits and recurring ones. */
    incomesPerFamily: number;
    settlementsPerFamily: number;
    /** Invites of a family unused, not revoked and not expired at once. */
    openInvitesPerFamily: number;
    /** A recurring rule creates no expense dated more than this many days before today. */
    recurringBackfillDays: number;
  };
  rateLimits: {
    loginPerAccount: number;
    loginPerIp: number;
    forgotPerAccount: number;
    forgotPerIp: number;
    registerPerIp: number;
    resetPerIp: number;
    joinPerUser: number;
    joinPerIp: number;
    reauthPerSession: number;
    reauthPerIp: number;
  };
  /** Open GET /api/events streams this process keeps at once: in all, and from one client IP. */
  streams: { max: number; perIp: number };
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as in most shells' `VAR= npm start`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  if (e.DATABASE_URL && e.NODE_ENV === "production" && !e.SESSION_SECRET) {
    throw new ConfigError([
      "SESSION_SECRET: is required when DATABASE_URL is set and NODE_ENV=production (every app process must share it)",
    ]);
  }
  if (e.DATABASE_URL && e.NODE_ENV === "production" && !e.TWO_FACTOR_KEY) {
    throw new ConfigError([
      "TWO_FACTOR_KEY: is required when DATABASE_URL is set and NODE_ENV=production (every app process must share it, and it must not live in the database)",
    ]);
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    appUrl: e.APP_URL ?? `http://localhost:${e.PORT}`,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sessionSecret: e.SESSION_SECRET,
    twoFactorKey: e.TWO_FACTOR_KEY?.toLowerCase(),
    trustProxy: e.TRUST_PROXY,
    allowedHosts: e.ALLOWED_HOSTS,
    logLevel: e.LOG_LEVEL,
    passwordHashing: "owasp",
    heavyReadsAtOnce: e.HEAVY_READS_AT_ONCE,
    quotas: {
      expensesPerFamily: e.QUOTA_EXPENSES_PER_FAMILY,
      recurringRulesPerFamily: e.QUOTA_RECURRING_RULES_PER_FAMILY,
      importsPerDay: e.QUOTA_IMPORTS_PER_DAY,
      incomesPerFamily: e.QUOTA_INCOMES_PER_FAMILY,
      settlementsPerFamily: e.QUOTA_SETTLEMENTS_PER_FAMILY,
      openInvitesPerFamily: e.QUOTA_OPEN_INVITES_PER_FAMILY,
      recurringBackfillDays: e.RECURRING_BACKFILL_DAYS,
    },
    rateLimits: {
      loginPerAccount: e.RATE_LIMIT_LOGIN_PER_ACCOUNT,
      loginPerIp: e.RATE_LIMIT_LOGIN_PER_IP,
      forgotPerAccount: e.RATE_LIMIT_FORGOT_PER_ACCOUNT,
      forgotPerIp: e.RATE_LIMIT_FORGOT_PER_IP,
      registerPerIp: e.RATE_LIMIT_REGISTER_PER_IP,
      resetPerIp: e.RATE_LIMIT_RESET_PER_IP,
      joinPerUser: e.RATE_LIMIT_JOIN_PER_USER,
      joinPerIp: e.RATE_LIMIT_JOIN_PER_IP,
      reauthPerSession: e.RATE_LIMIT_REAUTH_PER_SESSION,
      reauthPerIp: e.RATE_LIMIT_REAUTH_PER_IP,
    },
    streams: { max: e.STREAMS_MAX, perIp: e.STREAMS_PER_IP },
  };
}

/** A household running the embedded default never has to invent a secret: one is made and kept. */
export async function ensureSessionSecret(config: Config): Promise<Config> {
  if (config.sessionSecret) return config;
  await ensurePrivateDirectory(config.dataDir);
  const file = join(config.dataDir, "session-secret");
  let secret = (await readFile(file, "utf8").catch(() => "")).trim();
  if (secret.length < 32) {
    secret = randomBytes(32).toString("hex");
    await writePrivateFile(file, `${secret}\n`);
  }
  return { ...config, sessionSecret: secret };
}

/**
 * The key that seals two-factor secrets (docs/product.md#two-factor-sign-in), kept beside the
 * session secret in DATA_DIR and never in the database, so a database dump or a backup alone
 * holds no usable second factor. Losing it turns every two-factor enrolment unusable (recovery
 * then goes through the operator), which is why an existing file is never replaced.
 */
export async function ensureTwoFactorKey(config: Config): Promise<Config> {
  if (config.twoFactorKey) return config;
  await ensurePrivateDirectory(config.dataDir);
  const file = join(config.dataDir, "two-factor-key");
  let key = (await readFile(file, "utf8").catch(() => "")).trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(key)) {
    if (key !== "") throw new ConfigError([`${file}: must hold 64 hexadecimal characters`]);
    key = randomBytes(32).toString("hex");
    await writePrivateFile(file, `${key}\n`);
  }
  return { ...config, twoFactorKey: key };
}

/**
 * `config.trustProxy` as Fastify's option. This Fastify refuses to trust anything for a bare number
 * (it cannot check the closest peer), so a hop count becomes the function Express's proxy-addr
 * uses for one: the N closest hops are proxies. That is safe only when the app's port is reachable
 * from the proxy alone (docs/scaling.md); a list of proxy addresses is safe everywhere.
 */
export function fastifyTrustProxy(
  setting: Config["trustProxy"],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== "number") return setting;
  return (_address, hop) => hop < setting;
}

const isLoopbackHost = (host: string) =>
  host === "localhost" || host === "::1" || (isIP(host) === 4 && host.startsWith("127."));

/**
 * Settings that start but are probably a mistake; main.ts logs each as a warning. A hop count
 * trusts whatever stands that close, so on an address other machines reach (HOST=0.0.0.0, a LAN
 * address) a client talking to the port directly writes its own X-Forwarded-For and picks the IP
 * every per-IP limit counts (docs/scaling.md, docs/decisions/002-rate-limits.md).
 */
export function configWarnings(config: Pick<Config, "trustProxy" | "host">): string[] {
  const warnings: string[] = [];
  if (typeof config.trustProxy === "number" && config.trustProxy > 0) {
    if (!isLoopbackHost(config.host.toLowerCase())) {
      warnings.push(
        `TRUST_PROXY=${config.trustProxy} trusts the ${config.trustProxy} closest hop(s) whoever they are, and HOST=${config.host} lets other machines reach the port directly: a client that does can choose its own IP for the rate limits. Name the proxies instead (TRUST_PROXY=10.0.0.2 or a CIDR), or make the port reachable from the proxy alone (docs/scaling.md).`,
      );
    }
  }
  return warnings;
}

export const isHttpsApp = (config: Pick<Config, "appUrl">) => config.appUrl.startsWith("https://");
