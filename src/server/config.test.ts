import { readFileSync, statSync, writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import {
  ConfigError,
  configWarnings,
  ensureSessionSecret,
  ensureTwoFactorKey,
  fastifyTrustProxy,
  loadConfig,
} from "./config";

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error("expected the configuration to be refused");
};

describe("loadConfig", () => {
  it("applies the defaults of README.md#configuration", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      dataDir: resolve("./data"),
      databaseUrl: undefined,
      appUrl: "http://localhost:3000",
      smtpUrl: undefined,
      mailFrom: "Family Budget <no-reply@localhost>",
      trustProxy: false,
      logLevel: "info",
      rateLimits: {
        loginPerAccount: 10,
        loginPerIp: 50,
        forgotPerAccount: 5,
        forgotPerIp: 30,
        registerPerIp: 30,
        resetPerIp: 20,
        joinPerUser: 10,
        joinPerIp: 30,
      },
      streams: { max: 1000, perIp: 50 },
    });
    expect(loadConfig({ STREAMS_MAX: "100", STREAMS_PER_IP: "100" }).streams).toEqual({
      max: 100,
      perIp: 100,
    });
    expect(() => loadConfig({ STREAMS_PER_IP: "0" })).toThrow(/STREAMS_PER_IP/);
  });

  it("always hashes passwords at OWASP's cost: no variable picks the tests' cheap one", () => {
    for (const env of [
      {},
      { NODE_ENV: "test" },
      { NODE_ENV: "test", PASSWORD_HASHING: "tests-only", passwordHashing: "tests-only" },
    ]) {
      expect(loadConfig(env).passwordHashing).toBe("owasp");
    }
  });

  it("derives APP_URL from PORT and drops a trailing slash from a given one", () => {
    expect(loadConfig({ PORT: "8080" }).appUrl).toBe("http://localhost:8080");
    expect(loadConfig({ APP_URL: "https://budget.example.org/" }).appUrl).toBe(
      "https://budget.example.org",
    );
  });

  it("reads every variable", () => {
    const config = loadConfig({
      PORT: "4000",
      HOST: "0.0.0.0",
      DATA_DIR: "/var/lib/budget",
      DATABASE_URL: "postgres://app@db:5432/budget",
      APP_URL: "https://budget.example.org",
      SMTP_URL: "smtps://user:pass@mail.example.org:465",
      MAIL_FROM: "Budget <budget@example.org>",
      SESSION_SECRET: "s".repeat(40),
      TRUST_PROXY: "1",
      LOG_LEVEL: "warn",
      RATE_LIMIT_RESET_PER_IP: "7",
      RATE_LIMIT_JOIN_PER_USER: "8",
      RATE_LIMIT_JOIN_PER_IP: "9",
    });
    expect(config).toMatchObject({
      port: 4000,
      host: "0.0.0.0",
      dataDir: "/var/lib/budget",
      databaseUrl: "postgres://app@db:5432/budget",
      smtpUrl: "smtps://user:pass@mail.example.org:465",
      mailFrom: "Budget <budget@example.org>",
      sessionSecret: "s".repeat(40),
      trustProxy: 1,
      logLevel: "warn",
      rateLimits: expect.objectContaining({ resetPerIp: 7, joinPerUser: 8, joinPerIp: 9 }),
    });
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "" })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ PORT: "30.5" }, "PORT"],
    [{ DATABASE_URL: "mysql://localhost/db" }, "DATABASE_URL"],
    [{ APP_URL: "localhost:3000" }, "APP_URL"],
    [{ APP_URL: "ftp://example.org" }, "APP_URL"],
    [{ SMTP_URL: "http://mail.example.org" }, "SMTP_URL"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ TWO_FACTOR_KEY: "not-hex".repeat(10) }, "TWO_FACTOR_KEY"],
    [{ RATE_LIMIT_REAUTH_PER_SESSION: "0" }, "RATE_LIMIT_REAUTH_PER_SESSION"],
    [{ TRUST_PROXY: "maybe" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "10.0.0.0/33" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "10.0.0.1,proxy.internal" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "-1" }, "TRUST_PROXY"],
    [{ RATE_LIMIT_JOIN_PER_USER: "0" }, "RATE_LIMIT_JOIN_PER_USER"],
    [{ RATE_LIMIT_RESET_PER_IP: "many" }, "RATE_LIMIT_RESET_PER_IP"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ NODE_ENV: "staging" }, "NODE_ENV"],
  ])("refuses %j naming the variable", (env, variable) => {
    expect(problemsOf(env)).toMatch(new RegExp(`^\\s+- ${variable}: `, "m"));
  });

  it("lists every bad variable at once", () => {
    const message = problemsOf({ PORT: "x", LOG_LEVEL: "loud" });
    expect(message).toContain("PORT:");
    expect(message).toContain("LOG_LEVEL:");
  });

  it("requires SESSION_SECRET with DATABASE_URL in production", () => {
    expect(problemsOf({ NODE_ENV: "production", DATABASE_URL: "postgres://db/budget" })).toContain(
      "SESSION_SECRET: is required",
    );
    expect(() =>
      loadConfig({
        NODE_ENV: "production",
        DATABASE_URL: "postgres://db/budget",
        SESSION_SECRET: "x".repeat(32),
        TWO_FACTOR_KEY: "ab".repeat(32),
      }),
    ).not.toThrow();
  });

  it("requires TWO_FACTOR_KEY with DATABASE_URL in production", () => {
    expect(
      problemsOf({
        NODE_ENV: "production",
        DATABASE_URL: "postgres://db/budget",
        SESSION_SECRET: "x".repeat(32),
      }),
    ).toContain("TWO_FACTOR_KEY: is required");
  });
});

describe("TRUST_PROXY", () => {
  it("takes a hop count, a list of proxy addresses/CIDRs, or false", () => {
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(
      loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1,::1, fd00::/8,loopback" }),
    ).toMatchObject({ trustProxy: ["10.0.0.0/8", "127.0.0.1", "::1", "fd00::/8", "loopback"] });
  });

  it.each(["true", "TRUE", "yes"])("refuses %s, saying why", (value) => {
    const message = problemsOf({ TRUST_PROXY: value });
    expect(message).toMatch(/^\s+- TRUST_PROXY: true is refused: trusting every hop/m);
    expect(message).toContain("X-Forwarded-For");
    expect(message).toContain("per-IP rate limits");
  });

  /** The address Fastify gives a request that came from `peer` with X-Forwarded-For `forwarded`. */
  async function clientIp(setting: string, peer: string, forwarded: string) {
    const app = Fastify({
      trustProxy: fastifyTrustProxy(loadConfig({ TRUST_PROXY: setting }).trustProxy),
    });
    app.get("/ip", async (request) => request.ip);
    const res = await app.inject({
      url: "/ip",
      remoteAddress: peer,
      headers: { "x-forwarded-for": forwarded },
    });
    await app.close();
    return res.body;
  }

  it("believes X-Forwarded-For only as far as it is told", async () => {
    // One proxy in front: the address it saw is the client's; what the client wrote is not.
    expect(await clientIp("1", "10.0.0.5", "6.6.6.6, 203.0.113.7")).toBe("203.0.113.7");
    expect(await clientIp("2", "10.0.0.5", "6.6.6.6, 203.0.113.7")).toBe("6.6.6.6");
    // Listed proxies: the first address that is not one of them.
    expect(await clientIp("10.0.0.0/8", "10.0.0.5", "6.6.6.6, 203.0.113.7")).toBe("203.0.113.7");
    expect(await clientIp("10.0.0.0/8", "10.0.0.5", "6.6.6.6, 10.1.2.3")).toBe("6.6.6.6");
    // A peer that is not a listed proxy is the client, whatever it writes.
    expect(await clientIp("10.0.0.0/8", "198.51.100.9", "6.6.6.6")).toBe("198.51.100.9");
    expect(await clientIp("false", "198.51.100.9", "6.6.6.6")).toBe("198.51.100.9");
  });
});

describe("ensureTwoFactorKey", () => {
  it("generates a key into DATA_DIR once, private, and keeps it", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "budget-config-"));
    const first = await ensureTwoFactorKey(loadConfig({ DATA_DIR: dataDir }));
    expect(first.twoFactorKey).toMatch(/^[0-9a-f]{64}$/);
    const file = join(dataDir, "two-factor-key");
    expect(readFileSync(file, "utf8").trim()).toBe(first.twoFactorKey);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = await ensureTwoFactorKey(loadConfig({ DATA_DIR: dataDir }));
    expect(second.twoFactorKey).toBe(first.twoFactorKey);
  });

  it("uses TWO_FACTOR_KEY when given, and never replaces a damaged key file", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "budget-config-"));
    const given = await ensureTwoFactorKey(
      loadConfig({ DATA_DIR: dataDir, TWO_FACTOR_KEY: "AB".repeat(32) }),
    );
    expect(given.twoFactorKey).toBe("ab".repeat(32));
    writeFileSync(join(dataDir, "two-factor-key"), "truncated\n");
    await expect(ensureTwoFactorKey(loadConfig({ DATA_DIR: dataDir }))).rejects.toThrow(
      "two-factor-key",
    );
  });
});

describe("ensureSessionSecret", () => {
  it("generates a secret into DATA_DIR once and keeps it", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "budget-config-"));
    const first = await ensureSessionSecret(loadConfig({ DATA_DIR: dataDir }));
    expect(first.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    const file = join(dataDir, "session-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first.sessionSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = await ensureSessionSecret(loadConfig({ DATA_DIR: dataDir }));
    expect(second.sessionSecret).toBe(first.sessionSecret);
  });

  it("uses SESSION_SECRET when given", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "budget-config-"));
    const config = await ensureSessionSecret(
      loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: "k".repeat(32) }),
    );
    expect(config.sessionSecret).toBe("k".repeat(32));
  });
});

describe("ALLOWED_HOSTS", () => {
  it("is empty by default and takes a comma list of host names, lower-cased", () => {
    expect(loadConfig({}).allowedHosts).toEqual([]);
    expect(
      loadConfig({ ALLOWED_HOSTS: " Budget.Example.org, budget.lan.,10.0.0.7 ,::1" }).allowedHosts,
    ).toEqual(["budget.example.org", "budget.lan", "10.0.0.7", "::1"]);
  });

  it("refuses a URL, a port or a path, naming the entry", () => {
    for (const entry of ["https://budget.example.org", "budget.example.org:443", "a.org/x", "*"]) {
      const message = problemsOf({ ALLOWED_HOSTS: `ok.org,${entry}` });
      expect(message).toContain("ALLOWED_HOSTS");
      expect(message).toContain(JSON.stringify(entry));
    }
  });
});

describe("configWarnings", () => {
  it("warns about a hop-count TRUST_PROXY on an address other machines reach", () => {
    for (const host of ["0.0.0.0", "::", "192.168.1.10", "budget.lan"]) {
      const [warning, ...rest] = configWarnings(loadConfig({ TRUST_PROXY: "1", HOST: host }));
      expect(rest).toEqual([]);
      expect(warning).toContain("TRUST_PROXY=1");
      expect(warning).toContain(`HOST=${host}`);
    }
  });

  it("is quiet for a loopback HOST, a list of proxies or no proxy", () => {
    for (const host of ["127.0.0.1", "127.0.0.2", "localhost", "::1"]) {
      expect(configWarnings(loadConfig({ TRUST_PROXY: "2", HOST: host }))).toEqual([]);
    }
    expect(configWarnings(loadConfig({ TRUST_PROXY: "10.0.0.2", HOST: "0.0.0.0" }))).toEqual([]);
    expect(configWarnings(loadConfig({ TRUST_PROXY: "0", HOST: "0.0.0.0" }))).toEqual([]);
    expect(configWarnings(loadConfig({ HOST: "0.0.0.0" }))).toEqual([]);
  });
});
