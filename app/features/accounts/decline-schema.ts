import * as z from "zod/mini";
import { hasVisibleText, shownText } from "~/lib/form-text";

/** Declining an account: the reason the person reads when they sign in. Client-safe. */
export const DECLINE_REASON_REQUIRED = "Please give a reason for declining";
export const DECLINE_REASON_TOO_LONG = "The reason must be 1,000 characters or fewer";

export const declineSchema = z.object({
  userId: z.string({ error: "Account not found" }).check(z.trim(), z.minLength(1, "Account not found")),
  reason: z
    .string({ error: DECLINE_REASON_REQUIRED })
    .check(
      z.overwrite(shownText),
      z.trim(),
      z.minLength(1, DECLINE_REASON_REQUIRED),
      z.refine(hasVisibleText, DECLINE_REASON_REQUIRED),
      z.maxLength(1000, DECLINE_REASON_TOO_LONG),
    ),
});
