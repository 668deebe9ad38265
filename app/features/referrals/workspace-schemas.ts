import * as z from "zod/mini";
import { hasVisibleText, shownText } from "~/lib/form-text";

/**
 * The referral workspace's forms, one zod/mini schema each, used in the browser and by
 * the domain functions: the outcome that completes a referral, a doctor's cancellation, a message.
 */

export const OUTCOME_REQUIRED = "Please describe the outcome: what was done, the findings and any follow-up advice";
export const OUTCOME_TOO_LONG = "The outcome must be 5,000 characters or fewer";
export const CANCEL_REASON_REQUIRED = "Please give a reason for cancelling";
export const CANCEL_REASON_TOO_LONG = "The reason must be 1,000 characters or fewer";
export const MESSAGE_REQUIRED = "Please write a message";
export const MESSAGE_TOO_LONG = "A message must be 2,000 characters or fewer";

/**
 * Required text shown to the other side: trimmed, without bidirectional overrides, with its own
 * message when blank (invisible characters alone are blank) and when too long.
 */
function requiredText(required: string, max: number, tooLong: string) {
  return z
    .string({ error: required })
    .check(
      z.overwrite(shownText),
      z.trim(),
      z.minLength(1, required),
      z.refine(hasVisibleText, required),
      z.maxLength(max, tooLong),
    );
}

export const outcomeSchema = z.object({ outcome: requiredText(OUTCOME_REQUIRED, 5000, OUTCOME_TOO_LONG) });
export const cancelSchema = z.object({ reason: requiredText(CANCEL_REASON_REQUIRED, 1000, CANCEL_REASON_TOO_LONG) });
export const messageSchema = z.object({ body: requiredText(MESSAGE_REQUIRED, 2000, MESSAGE_TOO_LONG) });
