import { REJECTION_REASON_REQUIRED } from "~/features/referrals/referral-status";
import { enhanceDashboard } from "../dashboard";
import type { Check } from "../forms";

/**
 * The three dashboards (doctor, facility administrator, system administrator). The one check made
 * before sending: a rejection's reason may not be blank (spec section 5); the server checks again,
 * and checks everything else.
 */
enhanceDashboard((data): Check => {
  if (data.get("intent") === "reject" && String(data.get("reason") ?? "").trim() === "") {
    return { ok: false, fieldErrors: { reason: REJECTION_REASON_REQUIRED } };
  }
  return { ok: true };
});
