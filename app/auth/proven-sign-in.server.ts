import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import * as z from "zod/mini";

/*
 * Signing in someone our own code has already proven (decision 042: a code by SMS to their confirmed
 * number, checked with our limits in features/accounts/phone-sign-in.server.ts), through
 * better-auth's own session machinery: the session row, its expiry and renewal, and the signed
 * cookie are exactly those of an email and password sign-in. The endpoint has no path: better-auth
 * mounts no HTTP route for it (better-call's router skips path-less endpoints), so only the server
 * can call it, as `auth.api.signInProvenUser`. docs/decisions/042 says why not the phone-number plugin.
 */

export const provenSignIn = () =>
  ({
    id: "proven-sign-in",
    endpoints: {
      signInProvenUser: createAuthEndpoint(
        {
          method: "POST",
          body: z.object({ userId: z.string() }),
          metadata: { scope: "server" },
        },
        async (ctx) => {
          const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!user) throw APIError.from("UNAUTHORIZED", { code: "USER_NOT_FOUND", message: "User not found" });
          // As signInEmail with rememberMe: the session lasts the configured expiry, renewed while in use.
          const session = await ctx.context.internalAdapter.createSession(user.id, false);
          if (!session) {
            throw APIError.from("UNAUTHORIZED", {
              code: "FAILED_TO_CREATE_SESSION",
              message: "Failed to create session",
            });
          }
          await setSessionCookie(ctx, { session, user }, false);
          return ctx.json({ userId: user.id });
        },
      ),
    },
  }) satisfies BetterAuthPlugin;
