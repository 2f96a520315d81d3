import { z } from "zod";
import { budgetPeriodRuleValueSchema } from "./budget-period";
import { text } from "./text";

// The join feedback without zod (the signed-in frame reads it on every screen): family-join.ts.
export * from "./family-join";

export const familyRoles = ["owner", "member"] as const;
export const familyRoleSchema = z.enum(familyRoles);
export type FamilyRole = z.infer<typeof familyRoleSchema>;

export const FAMILY_NAME_MAX = 60;
export const INVITE_CODE_LENGTH = 8;
export const INVITE_TTL_DAYS = 7;
// No 0/O, 1/I/L: a code read aloud or copied by hand is not mistyped.
export const INVITE_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

export const familySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  ownerId: z.uuid(),
  role: familyRoleSchema,
  /** When the family's budget month starts (docs/product.md#budget-periods). */
  budgetPeriod: budgetPeriodRuleValueSchema,
  /**
   * When a card purchase counts in the budget (docs/product.md#counting-card-spending-by-bill):
   * in the budget month of its date (the default), or of its bill's due date.
   */
  cardSpendingBy: z.enum(["date", "bill"]),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Family = z.infer<typeof familySchema>;

export const cardSpendingModes = ["date", "bill"] as const;
export type CardSpendingBy = (typeof cardSpendingModes)[number];
/** PUT /api/family/card-spending: the owner's choice (docs/product.md#counting-card-spending-by-bill). */
export const cardSpendingInputSchema = z.strictObject({
  by: z.enum(cardSpendingModes, { error: "validation.invalidOption" }),
});

export const createFamilyInputSchema = z.strictObject({
  name: text("validation.familyNameRequired")
    .trim()
    .min(1, "validation.familyNameRequired")
    .max(FAMILY_NAME_MAX, "validation.nameMax"),
});
export type CreateFamilyInput = z.infer<typeof createFamilyInputSchema>;

/** Codes typed in lower case, or with spaces around, are accepted. */
export const inviteCodeSchema = text("validation.inviteCodeRequired")
  .trim()
  .toUpperCase()
  .min(1, "validation.inviteCodeRequired")
  .max(32, "validation.inviteCodeInvalid");

export const joinFamilyInputSchema = z.strictObject({ inviteCode: inviteCodeSchema });
export type JoinFamilyInput = z.infer<typeof joinFamilyInputSchema>;

export const inviteSchema = z.object({
  inviteCode: z.string(),
  expiresAt: z.string(),
  url: z.string(),
});
export type Invite = z.infer<typeof inviteSchema>;

export const familyMemberSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  role: familyRoleSchema,
  joinedAt: z.string(),
  user: z.object({
    id: z.uuid(),
    email: z.string(),
    name: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
  }),
});
export type FamilyMember = z.infer<typeof familyMemberSchema>;

/**
 * GET /api/family/people: everyone who can appear as a payer of the family's expenses, so a name
 * is shown for each: the current members (owner first, then by joining date), then anyone else who
 * paid one of its expenses (a member who left or was removed with keep-expenses). Of a former
 * member only what shows their name: their e-mail and picture are no longer the family's to see.
 */
export const familyPersonSchema = z.object({
  userId: z.uuid(),
  name: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** null for a former member. */
  email: z.string().nullable(),
  /** null for a former member. */
  profileImageUrl: z.string().nullable(),
  isMember: z.boolean(),
});
export type FamilyPerson = z.infer<typeof familyPersonSchema>;

export const memberParamsSchema = z.object({ userId: z.uuid({ error: "validation.invalid" }) });

/** keepExpenses defaults to true: removing someone never deletes money unless asked to. */
export const removeMemberInputSchema = z
  .strictObject({ keepExpenses: z.boolean().optional() })
  .nullish();

export const removeMemberResponseSchema = z.object({
  removed: z.literal(true),
  deletedExpenses: z.number().int(),
});
export type RemoveMemberResponse = z.infer<typeof removeMemberResponseSchema>;

/**
 * GET /api/family/invite/:code, behind the join confirmation screen (docs/product.md#joining-by-link):
 * only the family's name and the inviter's display name, and only for a usable code.
 */
export const invitePreviewSchema = z.object({
  familyName: z.string(),
  /** The inviter's name, else first and last name; null when they have neither (never the e-mail). */
  invitedByName: z.string().nullable(),
});
export type InvitePreview = z.infer<typeof invitePreviewSchema>;

export const invitePreviewParamsSchema = z.object({ code: inviteCodeSchema });
