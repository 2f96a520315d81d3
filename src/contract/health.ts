import { z } from "zod";

export const databaseKinds = ["embedded-postgres", "postgres"] as const;
export type DatabaseKind = (typeof databaseKinds)[number];

export const healthResponseSchema = z.object({
  status: z.literal("ok"),
  database: z.enum(databaseKinds),
});
