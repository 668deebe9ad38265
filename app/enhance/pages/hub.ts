import "../zod-jitless";
import { validationNotice } from "~/features/waitlist/waitlist-messages";
import { parseWaitlistSubmission } from "~/features/waitlist/waitlist-schema";
import { enhanceForms } from "../forms";
import { markReady } from "../ready";
import { enhanceTabs } from "../tabs";

/**
 * /hub/{id}: the Professional and Facility tabs switch in place, and both waitlist forms are
 * checked with the shared schema before they are sent; answers are toasts.
 */
const tablist = document.querySelector<HTMLElement>("#join [role=tablist]");
if (tablist) enhanceTabs(tablist);
enhanceForms("#professional-form, #facility-form", (data) => {
  const parsed = parseWaitlistSubmission(Object.fromEntries(data));
  return parsed.ok
    ? { ok: true }
    : { ok: false, fieldErrors: parsed.fieldErrors, notice: validationNotice(parsed.message) };
});
markReady();
