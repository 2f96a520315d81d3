import { readFileSync, statSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, ensureSessionSecret, loadConfig } from "./config";

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
      },
    });
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
      TRUST_PROXY: "true",
      LOG_LEVEL: "warn",
    });
    expect(config).toMatchObject({
      port: 4000,
      host: "0.0.0.0",
      dataDir: "/var/lib/budget",
      databaseUrl: "postgres://app@db:5432/budget",
      smtpUrl: "smtps://user:pass@mail.example.org:465",
      mailFrom: "Budget <budget@example.org>",
      sessionSecret: "s".repeat(40),
      trustProxy: true,
      logLevel: "warn",
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
    [{ TRUST_PROXY: "maybe" }, "TRUST_PROXY"],
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
      }),
    ).not.toThrow();
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
