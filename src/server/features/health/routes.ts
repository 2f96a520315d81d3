import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { healthResponseSchema } from "../../../contract/health";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";

export const healthRoutes =
  (database: Pick<Database, "db" | "kind">): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/api/health", { schema: { response: { 200: healthResponseSchema } } }, async () => {
      try {
        await database.db.execute(sql`select 1`);
      } catch {
        throw new AppError("service_unavailable");
      }
      return { status: "ok" as const, database: database.kind };
    });
  };
