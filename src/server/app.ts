import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import type { DestinationStream } from "pino";
import { type Clock, systemClock } from "./clock";
import { type Config, isHttpsApp } from "./config";
import type { Database } from "./db/client";
import { healthRoutes } from "./features/health/routes";
import { registerErrorHandler } from "./http/error-handler";
import { loggerOptions } from "./http/logging";
import { registerSecurityHeaders } from "./http/security-headers";
import { zodValidatorCompiler } from "./http/validation";
import { registerWebApp } from "./http/web-app";

export type AppDependencies = {
  database: Pick<Database, "db" | "kind">;
  config: Config;
  clock?: Clock;
  /** Where logs go; tests pass a stream to read them. Defaults to stdout. */
  logStream?: DestinationStream;
  /** The built web app to serve; unset in API tests. */
  webDir?: string;
};

/** Builds the whole HTTP application without listening; tests drive it with `app.inject()`. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 100 * 1024,
    // Idle keep-alive sockets are closed at shutdown; requests in flight are allowed to finish.
    forceCloseConnections: "idle",
    return503OnClosing: true,
  });
  app.decorate("clock", clock);
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerSecurityHeaders(app, { https: isHttpsApp(config) });

  await app.register(healthRoutes(deps.database));

  await registerWebApp(app, deps.webDir);
  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    clock: Clock;
  }
}
