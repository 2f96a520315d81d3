import { z } from "zod";
import { text } from "./text";
import { currentPasswordSchema } from "./two-factor";

/**
 * Signed-in devices (docs/product.md#signed-in-devices): the caller's own logins, each
 * named from the user agent it signed in with, and the calls that end them.
 */

/** What a phone, a tablet and a computer look like to the parser; anything else is unknown. */
export const deviceTypes = ["phone", "tablet", "desktop", "unknown"] as const;
export type DeviceType = (typeof deviceTypes)[number];

/**
 * The device as the server read it from the User-Agent at login: names only ("Chrome",
 * "Android"), never the raw header. A login made before devices were recorded has all three
 * unknown (type "unknown", os and browser null).
 */
export const deviceSchema = z.object({
  type: z.enum(deviceTypes),
  os: z.string().nullable(),
  browser: z.string().nullable(),
});
export type Device = z.infer<typeof deviceSchema>;

/**
 * One login (its cookie and its bearer token count as one). `id` names the login and is no
 * credential: no request is ever authenticated by it. `lastSeenAt` is to the hour.
 */
export const signedInDeviceSchema = z.object({
  id: z.string(),
  device: deviceSchema,
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type SignedInDevice = z.infer<typeof signedInDeviceSchema>;

/** The current login first, then the most recently seen. */
export const signedInDeviceListSchema = z.array(signedInDeviceSchema);

/** A login's id: 32 lower-case hex characters. */
export const sessionParamsSchema = z.object({
  id: text("validation.invalid").regex(/^[0-9a-f]{32}$/, { error: "validation.invalid" }),
});

/**
 * Ending a login, one or all the others, asks for the account's password: a stolen session must
 * not be able to sign the owner out of every device (docs/product.md#signed-in-devices).
 */
export const endSessionInputSchema = z.strictObject({ password: currentPasswordSchema });
export type EndSessionInput = z.infer<typeof endSessionInputSchema>;

/** `current`: the login ended was the caller's own, which is now signed out. */
export const endSessionResponseSchema = z.object({
  ended: z.literal(1),
  current: z.boolean(),
});
export type EndSessionResponse = z.infer<typeof endSessionResponseSchema>;

/** How many other logins were ended. */
export const endOtherSessionsResponseSchema = z.object({ ended: z.number().int().nonnegative() });
export type EndOtherSessionsResponse = z.infer<typeof endOtherSessionsResponseSchema>;
