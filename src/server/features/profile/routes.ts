import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { changePasswordInputSchema } from "../../../contract/account-actions";
import { messageResponseSchema, profileUpdateInputSchema } from "../../../contract/auth";
import { userSchema } from "../../../contract/user";
import { AppError } from "../../errors";
import { mustBeSignedIn, requireUser } from "../../http/authentication";
import { requestLanguage } from "../../http/language";
import { withReauthLimits } from "../../http/reauth-limits";
import type { SessionStore } from "../../http/sessions";
import { translate } from "../../i18n";
import { acceptablePasswordSchema } from "../../password-policy";
import { toUser } from "../../users";
import { changePassword, type PasswordHasher, updateProfile } from "./service";

/**
 * The same password rule as registration and reset, the common-password check included
 * (server/password-policy.ts: the list stays on the server, out of the web bundle).
 */
const changePasswordBodySchema = changePasswordInputSchema.safeExtend({
  newPassword: acceptablePasswordSchema,
});

export const profileRoutes =
  (deps: { store: SessionStore; passwords: PasswordHasher }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook("preValidation", mustBeSignedIn);
    app.patch(
      "/api/profile",
      { schema: { body: profileUpdateInputSchema, response: { 200: userSchema } } },
      async (request) => {
        const before = requireUser(request);
        const familyId = request.auth?.membership?.familyId;
        const updated = await updateProfile(app.ledger, app.clock, before, familyId, request.body);
        return toUser(updated);
      },
    );

    app.post(
      "/api/profile/password",
      { schema: { body: changePasswordBodySchema, response: { 200: messageResponseSchema } } },
      async (request) => {
        // mustBeSignedIn answered 401 already when there is no caller.
        if (!request.auth) throw new AppError("unauthorized");
        const caller = request.auth;
        await withReauthLimits(request, () =>
          changePassword({ db: app.db, clock: app.clock, ...deps }, caller, request.body),
        );
        await app.familyEvents.accessChanged([caller.user.id]);
        return { message: translate(requestLanguage(request), "messages.passwordChanged") };
      },
    );
  };
