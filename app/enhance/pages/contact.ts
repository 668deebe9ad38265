import "../zod-jitless";
import { readContactForm } from "~/features/contact/contact-fields";
import { validateContact } from "~/features/contact/contact-schema";
import { enhanceForms } from "../forms";
import { markReady } from "../ready";

/** /contact: the shared schema checks the form before it is sent; answers are toasts. */
enhanceForms("#contact-form form", (data) => {
  const check = validateContact(readContactForm(data));
  return check.ok
    ? { ok: true }
    : {
        ok: false,
        fieldErrors: check.fieldErrors,
        notice: { title: "Validation Error", description: check.message, variant: "destructive" },
      };
});
markReady();
