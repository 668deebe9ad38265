import "../zod-jitless";
import { joinedMessages, readFields, validateForm } from "~/features/accounts/form-errors";
import {
  CREATE_REFERRAL_FIELDS,
  createReferralSchema,
  creatingFailedToast,
} from "~/features/referrals/referral-schema";
import { enhanceDashboard } from "../dashboard";
import type { Check } from "../forms";

/**
 * /referrals/create: the action's own schema checks the form before it is sent (the spec's
 * messages next to the fields, and "Error Creating Referral" with all of them as a toast).
 */
enhanceDashboard((data): Check => {
  const result = validateForm(createReferralSchema, readFields(data, CREATE_REFERRAL_FIELDS));
  return result.ok
    ? { ok: true }
    : { ok: false, fieldErrors: result.fieldErrors, notice: creatingFailedToast(joinedMessages(result.fieldErrors)) };
});
