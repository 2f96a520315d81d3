import { z } from "zod";
import { type ErrorCode, errorCodes, errorStatusByCode } from "./error-codes";

export { type ErrorCode, errorCodes, errorStatusByCode };

/** Every error the API answers with has this shape; `message` is in the caller's language. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.enum(errorCodes),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
