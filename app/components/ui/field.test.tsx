// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { useSchemaForm } from "~/components/forms/schema-form";
import { InputField, TextAreaField } from "~/components/ui/field";
import { RegisterForm } from "~/features/accounts/components/register-form";
import { SignInForm } from "~/features/accounts/components/sign-in-form";
import { ContactForm } from "~/features/contact/components/contact-form";
import { FacilityForm } from "~/features/facilities/components/facility-form";
import { hubSchema } from "~/features/hubs/hub-schema";
import { ReferralForm } from "~/features/referrals/components/referral-form";
import { FacilityWaitlistForm, ProfessionalWaitlistForm } from "~/features/waitlist/components/waitlist-forms";
import { cleanupDom, renderInRouter } from "../../../tests/helpers/render-in-router";

afterEach(cleanupDom);

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Whether assistive technology is told the control is required. */
function announcedRequired(control: Control): boolean {
  return control.required || control.getAttribute("aria-required") === "true";
}

/**
 * Every labelled control of the page whose label and announcement disagree: a label
 * saying "(optional)" on a required control, an asterisk on one not announced as required, or a
 * required control whose label shows neither.
 */
function mismatches(container: HTMLElement): string[] {
  const wrong: string[] = [];
  for (const label of container.querySelectorAll("label[for]")) {
    const control = container.ownerDocument.getElementById(label.getAttribute("for") ?? "") as Control | null;
    if (!control || !/^(INPUT|SELECT|TEXTAREA)$/.test(control.tagName)) continue;
    if (control instanceof HTMLInputElement && ["checkbox", "radio", "hidden"].includes(control.type)) continue;
    const text = label.textContent ?? "";
    const optional = text.includes("(optional)");
    const asterisk = label.querySelector('[aria-hidden="true"]')?.textContent?.trim() === "*";
    const required = announcedRequired(control);
    if (optional && required) wrong.push(`"${text}" says optional but is required`);
    if (asterisk && !required) wrong.push(`"${text}" shows an asterisk but is not announced as required`);
    if (required && !asterisk) wrong.push(`"${text}" is required but its label does not show it`);
    if (optional && asterisk) wrong.push(`"${text}" says both optional and required`);
  }
  return wrong;
}

/** The hub editor's fields as the editor draws them (app/routes/hubs/hub-editor.tsx). */
function HubFields() {
  const [, fields] = useSchemaForm(hubSchema, { id: "hub" });
  return (
    <form>
      <InputField field={fields.title} label="Title" required />
      <TextAreaField field={fields.target_audience} label="Who it is for" required rows={4} hint="One per line." />
      <TextAreaField field={fields.perks} label="Founding-member perks" required rows={4} hint="One per line." />
    </form>
  );
}

describe("required fields are announced as the label shows them (issue 28)", () => {
  it("a field the schema leaves optional but a rule requires is announced as required where it shows an asterisk", () => {
    const { container, getByRole } = renderInRouter(<HubFields />, "/dashboard/hubs/new");
    for (const name of ["Who it is for", "Founding-member perks"]) {
      const control = getByRole("textbox", { name: new RegExp(`^${name}`) }) as Control;
      expect(control.getAttribute("aria-required"), name).toBe("true");
      // Not the browser's own check: the rule (at least one line) is the schema's to say.
      expect(control.required, name).toBe(false);
    }
    expect((getByRole("textbox", { name: /^Title/ }) as Control).required).toBe(true);
    expect(mismatches(container)).toEqual([]);
  });

  it("an optional field never says required, a required one always does, on every public form", () => {
    const pages = [
      renderInRouter(<SignInForm answer={undefined} />, "/auth"),
      renderInRouter(
        <RegisterForm
          answer={undefined}
          facilities={[{ id: "3f1c2a9e-0000-4000-8000-000000000001", name: "Korle Bu Teaching Hospital" }]}
          onSignIn={() => {}}
        />,
        "/auth?tab=register",
      ),
      renderInRouter(<ContactForm answer={undefined} />, "/contact"),
      renderInRouter(
        <ProfessionalWaitlistForm specialties={["Cardiology"]} action="/hub/cardiology" answer={undefined} />,
        "/hub/cardiology",
      ),
      renderInRouter(<FacilityWaitlistForm action="/hub/cardiology" answer={undefined} />, "/hub/cardiology"),
    ];
    for (const page of pages) {
      expect(page.container.querySelectorAll("label[for]").length).toBeGreaterThan(0);
      expect(mismatches(page.container)).toEqual([]);
    }
  });

  it("and on the signed-in forms: Create Referral and a facility's profile", () => {
    const pages = [
      renderInRouter(
        <ReferralForm
          facilities={[
            {
              id: "3f1c2a9e-0000-4000-8000-000000000001",
              name: "Korle Bu Teaching Hospital",
              location: "Accra",
              reachable: true,
            },
          ]}
          answer={undefined}
          user="doctor-1"
        />,
        "/referrals/create",
      ),
      renderInRouter(
        <FacilityForm
          action="/dashboard/facilities/new"
          answer={undefined}
          categories={[]}
          canVerify
          submitLabel="Add facility"
          busyLabel="Adding..."
          draft={{ user: "admin-1", form: "facility-new" }}
        />,
        "/dashboard/facilities/new",
      ),
    ];
    for (const page of pages) {
      expect(page.container.querySelectorAll("label[for]").length).toBeGreaterThan(0);
      expect(mismatches(page.container)).toEqual([]);
    }
  });
});
