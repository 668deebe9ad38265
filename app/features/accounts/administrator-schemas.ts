import * as z from "zod/mini";
import { requiredEmail } from "~/lib/email-field";
import { PASSWORD_MISMATCH_MESSAGE } from "./new-password-rules";
import { fullNameField, passwordField, phoneField } from "./register-schema";

/*
 * The forms of system administrator invitations (decision 033), client-safe: the invitation an
 * administrator sends, and the account the invited person sets up. Messages as Register's.
 */

export const inviteAdminSchema = z.object({
  full_name: fullNameField,
  email: requiredEmail(),
});
export type InviteAdminInput = z.output<typeof inviteAdminSchema>;

export const acceptInvitationSchema = z
  .object({
    full_name: fullNameField,
    phone: phoneField,
    password: passwordField,
    confirmPassword: z.string({ error: "Passwords don't match" }),
  })
  .check(
    z.refine((v) => v.password === v.confirmPassword, {
      message: PASSWORD_MISMATCH_MESSAGE,
      path: ["confirmPassword"],
    }),
  );
export type AcceptInvitationInput = z.output<typeof acceptInvitationSchema>;

/** What the invitation screens and their refusals say. */
export const ADMIN_MESSAGES = {
  alreadyHasAccount: "That address already has an account.",
  alreadyInvited: "That address already has an open invitation.",
  notFound: "Invitation not found.",
  ownInvitation: "You invited this person: a second system administrator must confirm the invitation.",
  notAwaiting: "This invitation is not waiting for a confirmation.",
  notOpen: "This invitation has already been used or revoked.",
  linkInvalid: "This invitation link is invalid, expired or already used. Ask a system administrator for a new one.",
  ownApprovalRequest: "You asked for this administrator's approval: a second system administrator must confirm it.",
} as const;

/** How system administrators sign in (decision 042): `on`, with their password only; `off`, also with their phone. */
export const adminSignInRuleSchema = z.object({
  intent: z.literal("sign-in-rule"),
  passwordOnly: z.enum(["on", "off"], { error: "Please choose how system administrators sign in" }),
});
