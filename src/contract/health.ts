import { z } from "zod";

export const databaseKinds = ["pglite", "postgres"] as const;
export type DatabaseKind = (typeof databaseKinds)[number];

export const healthResponseSchema = z.object({
  status: z.literal("ok"),
  database: z.enum(databaseKinds),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
