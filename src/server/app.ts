import Fastify, { type FastifyInstance, type FastifySchema } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import type { DestinationStream } from "pino";
import { BackgroundJobs, dailyBackupJob } from "./background-jobs";
import { type Clock, systemClock } from "./clock";
import { type Config, fastifyTrustProxy, isHttpsApp } from "./config";
import type { Database, Db } from "./db/client";
import { AppError } from "./errors";
import { ExpenseWrites } from "./expense-writes/writes";
import { authRoutes } from "./features/auth/routes";
import type { AuthLimits } from "./features/auth/service";
import { cardBillRoutes } from "./features/card-bills/routes";
import { categoryRoutes } from "./features/categories/routes";
import { categoryRuleRoutes } from "./features/category-rules/routes";
import { expenseRoutes } from "./features/expenses/routes";
import { familyRoutes } from "./features/family/routes";
import { goalRoutes } from "./features/goals/routes";
import { healthRoutes } from "./features/health/routes";
import { historyRoutes } from "./features/history/routes";
import { importRoutes } from "./features/imports/routes";
import { incomeRoutes } from "./features/incomes/routes";
import { FamilyEvents } from "./features/live-updates/family-events";
import { liveUpdateRoutes } from "./features/live-updates/routes";
import { AlertMailOutbox } from "./features/notifications/alert-mail-outbox";
import { alertsDueJob } from "./features/notifications/alerts-due-job";
import { notificationRoutes } from "./features/notifications/routes";
import { registerOpenApi } from "./features/openapi/document";
import { openApiRoutes } from "./features/openapi/routes";
import { paymentMethodRoutes } from "./features/payment-methods/routes";
import { profileRoutes } from "./features/profile/routes";
import { reconciliationRoutes } from "./features/reconciliation/routes";
import { recurringJob } from "./features/recurring/job";
import { recurringRoutes } from "./features/recurring/routes";
import { sessionRoutes } from "./features/sessions/routes";
import { shareRoutes } from "./features/shares/routes";
import { summaryRoutes } from "./features/summary/routes";
import { transferRoutes } from "./features/transfers/routes";
import { twoFactorRoutes } from "./features/two-factor-setup/routes";
import { registerAllowedHosts } from "./http/allowed-hosts";
import { AttemptCounters } from "./http/attempt-limiter";
import { registerAuthentication, sessionCookieName } from "./http/authentication";
import { registerCsrfProtection } from "./http/csrf";
import { registerErrorHandler, sendError } from "./http/error-handler";
import { FamilyJsonCache } from "./http/family-json-cache";
import { registerFamilyVersionHeader } from "./http/family-version";
import { HeavyReads } from "./http/heavy-reads";
import { loggerOptions } from "./http/logging";
import { registerNoStore } from "./http/no-store";
import { registerSecurityHeaders } from "./http/security-headers";
import { SessionStore } from "./http/sessions";
import { zodValidatorCompiler } from "./http/validation";
import { IncomeWrites } from "./income-writes/writes";
import { ChangeFanOut, topicsByFamily } from "./ledger/fan-out";
import { Ledger } from "./ledger/unit-of-work";
import { type Passwords, passwordHasher } from "./passwords";
import "./http/reauth-limits";
import { registerWebApp } from "./http/web-app";
import { createMailer, type Mailer } from "./mail/mailer";
import { twoFactorKeys as makeTwoFactorKeys } from "./two-factor";

export type AppDependencies = {
  /** The pool only for the embedded database's daily backup. */
  database: Pick<Database, "db" | "kind"> & Partial<Pick<Database, "pool">>;
  config: Config;
  clock?: Clock;
  mailer?: Mailer;
  /** Where logs go; tests pass a stream to read them. Defaults to stdout. */
  logStream?: DestinationStream;
  /** The built web app to serve; unset in API tests. */
  webDir?: string;
  /** How long a CSV export's reply may move no byte before it is cut; tests shorten it. */
  exportStallMs?: number;
  /** How often the alert mail outbox looks without being told; tests lengthen it. */
  alertMailPollMs?: number;
  /** argon2 at config.passwordHashing's cost by default; a test counts its hashes through it. */
  passwords?: Passwords;
};

export type RouteEntry = {
  method: string;
  url: string;
  /** The route's zod schemas: the hostile-input test walks their text fields. */
  schema?: FastifySchema;
};

declare module "fastify" {
  interface FastifyInstance {
    /** Every /api route and method, as registered: the authorization matrix test reads it. */
    apiRoutes: RouteEntry[];
    db: Db;
    config: Config;
    clock: Clock;
    /** Bodies of a family's costly reads, kept under its data version (http/family-json-cache.ts). */
    familyJson: FamilyJsonCache;
    /**
     * The ledger's unit of work (ledger/unit-of-work.ts): the one transaction of expense, income
     * and settlement writes, and the one fan-out of every family change after its commit.
     */
    ledger: Ledger;
    /** The expenses' entry to the ledger: rows, history, their change told after commit. */
    expenseWrites: ExpenseWrites;
    /** Tells every member's open screens what changed in their family (features/live-updates). */
    familyEvents: FamilyEvents;
    /** The incomes' entry to the ledger: rows, history, the `incomes` topic after commit. */
    incomeWrites: IncomeWrites;
    /** Sends the budget alert e-mails; one of the background jobs. */
    alertMail: AlertMailOutbox;
    /** Work off the request path: main.ts starts it after listen, close() stops it. */
    backgroundJobs: BackgroundJobs;
  }
}

const MINUTE = 60_000;

/** Builds the whole HTTP application without listening; tests drive it with `app.inject()`. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  if (!config.sessionSecret) throw new Error("buildApp needs config.sessionSecret");
  if (!config.twoFactorKey) throw new Error("buildApp needs config.twoFactorKey");
  const twoFactorKeys = makeTwoFactorKeys(config.twoFactorKey);
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 100 * 1024,
    // Idle keep-alive sockets are closed at shutdown; requests in flight are allowed to finish.
    forceCloseConnections: "idle",
    return503OnClosing: true,
    // A malformed or over-long path parameter is refused by the router before any hook runs;
    // it still answers the one error shape (414 stays 414).
    frameworkErrors: (error, request, reply) =>
      sendError(request, reply, new AppError("bad_request", { status: error.statusCode ?? 400 })),
  });
  const apiRoutes: RouteEntry[] = [];
  app.decorate("apiRoutes", apiRoutes);
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api")) return;
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD route for every GET; it runs the same handler.
      if (method !== "HEAD") apiRoutes.push({ method, url: route.url, schema: route.schema });
    }
  });
  app.decorate("db", database.db);
  app.decorate("config", config);
  app.decorate("clock", clock);
  app.decorate("familyJson", new FamilyJsonCache());
  app.decorate("heavyReads", new HeavyReads(config.heavyReadsAtOnce));
  // Whatever reacts to committed changes subscribes to this fan-out, below; the ledger's unit of
  // work is its only publisher.
  const fanOut = new ChangeFanOut(app.log);
  const ledger = new Ledger(database.db, fanOut);
  app.decorate("ledger", ledger);
  const expenseWrites = new ExpenseWrites(ledger);
  app.decorate("expenseWrites", expenseWrites);
  const incomeWrites = new IncomeWrites(ledger);
  app.decorate("incomeWrites", incomeWrites);
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON bodies: a cross-site form cannot send one without a CORS preflight.
  app.removeContentTypeParser("text/plain");
  registerErrorHandler(app);
  registerNoStore(app);
  registerFamilyVersionHeader(app);
  await registerSecurityHeaders(app, { https: isHttpsApp(config) });
  registerAllowedHosts(app, config);
  registerCsrfProtection(app, config.appUrl);

  const store = new SessionStore(database.db, config.sessionSecret, clock);
  await registerAuthentication(app, { store, config });

  // Counters in the database, shared by every app process (docs/decisions/002-rate-limits.md).
  const counters = new AttemptCounters(database.db, clock);
  const { rateLimits } = config;
  const limits: AuthLimits = {
    loginPerAccount: counters.limiter("login-account", 15 * MINUTE, rateLimits.loginPerAccount),
    loginPerIp: counters.limiter("login-ip", 15 * MINUTE, rateLimits.loginPerIp),
    forgotPerAccount: counters.limiter("forgot-account", 60 * MINUTE, rateLimits.forgotPerAccount),
    forgotPerIp: counters.limiter("forgot-ip", 60 * MINUTE, rateLimits.forgotPerIp),
    registerPerIp: counters.limiter("register-ip", 60 * MINUTE, rateLimits.registerPerIp),
    resetPerIp: counters.limiter("reset-ip", 60 * MINUTE, rateLimits.resetPerIp),
  };
  app.decorate("joinLimits", {
    perUser: counters.limiter("join-user", 60 * MINUTE, rateLimits.joinPerUser),
    perIp: counters.limiter("join-ip", 60 * MINUTE, rateLimits.joinPerIp),
  });
  app.decorate("reauthLimits", {
    perSession: counters.limiter("reauth-session", 15 * MINUTE, rateLimits.reauthPerSession),
    perIp: counters.limiter("reauth-ip", 15 * MINUTE, rateLimits.reauthPerIp),
  });
  const mailer = deps.mailer ?? createMailer(config, app.log);

  // Background work, one life cycle (background-jobs.ts): registered here, started by main.ts
  // after listen, stopped in reverse order when the app closes.
  const backgroundJobs = new BackgroundJobs();
  app.decorate("backgroundJobs", backgroundJobs);
  // Budget alerts are queued by the database in the expense's own transaction
  // (src/server/db/functions/budget-alerts.sql); every expense change the ledger fans out after
  // its commit, and alerts come due, tell the outbox to look now instead of at its next poll.
  const alertMail = backgroundJobs.add(
    new AlertMailOutbox({
      db: database.db,
      mailer,
      appUrl: config.appUrl,
      log: app.log,
      now: () => clock.now(),
      pollIntervalMs: deps.alertMailPollMs,
    }),
  );
  app.decorate("alertMail", alertMail);
  fanOut.subscribe((changes) => {
    if (changes.some((change) => change.expenses || change.alertsDue)) alertMail.nudge();
  });
  // Every member's open screens hear of the family's committed changes (features/live-updates),
  // one event per family and unit of work.
  const familyEvents = new FamilyEvents(database.pool, app.log);
  app.decorate("familyEvents", familyEvents);
  fanOut.subscribe(async (changes) => {
    for (const [familyId, topics] of topicsByFamily(changes)) {
      await familyEvents.publish(familyId, topics);
    }
  });
  app.addHook("onClose", async () => familyEvents.close());
  // Recurring expenses due up to today, at start (after downtime) and then every minute.
  backgroundJobs.add(
    recurringJob({
      writes: expenseWrites,
      clock,
      log: app.log,
      limits: config.quotas,
    }),
  );
  // Budget alerts held for periods that had not started when their spending was written
  // (db/functions/budget-alerts.sql): checked as each period starts.
  backgroundJobs.add(
    alertsDueJob({
      db: database.db,
      clock,
      log: app.log,
      alerted: (familyIds) => ledger.alertsCameDue(familyIds),
    }),
  );
  if (database.kind === "embedded-postgres" && database.pool) {
    backgroundJobs.add(
      dailyBackupJob({ pool: database.pool, dataDir: config.dataDir, log: app.log }),
    );
  }
  app.addHook("onClose", async () => backgroundJobs.stop());

  const passwords = deps.passwords ?? passwordHasher(config.passwordHashing);
  // Before the routes: @fastify/swagger collects each route as it is registered (its onRoute hook).
  await registerOpenApi(app, config);
  await app.register(healthRoutes(database));
  await app.register(
    authRoutes({ db: database.db, store, mailer, clock, config, limits, twoFactorKeys, passwords }),
  );
  await app.register(profileRoutes({ store, passwords }));
  await app.register(sessionRoutes({ verifyPassword: passwords.verify }));
  await app.register(twoFactorRoutes({ verifyPassword: passwords.verify, keys: twoFactorKeys }));
  await app.register(familyRoutes);
  await app.register(categoryRoutes);
  await app.register(categoryRuleRoutes);
  await app.register(paymentMethodRoutes);
  await app.register(transferRoutes);
  await app.register(goalRoutes);
  await app.register(reconciliationRoutes);
  await app.register(shareRoutes);
  await app.register(cardBillRoutes);
  await app.register(expenseRoutes, { exportStallMs: deps.exportStallMs });
  await app.register(importRoutes);
  await app.register(recurringRoutes);
  await app.register(summaryRoutes);
  await app.register(incomeRoutes);
  await app.register(notificationRoutes);
  await app.register(openApiRoutes);
  await app.register(historyRoutes);
  await app.register(
    liveUpdateRoutes({ events: familyEvents, store, clock, limits: config.streams }),
  );

  await registerWebApp(app, deps.webDir, { sessionCookie: sessionCookieName(deps.config) });
  return app;
}
