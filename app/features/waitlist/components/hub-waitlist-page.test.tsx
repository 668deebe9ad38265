// @vitest-environment happy-dom
import { within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { parseSubmission } from "~/components/forms/schema-form";
import { getHub } from "~/content/hubs";
import { cleanupDom, renderServerHtmlComplete } from "../../../../tests/helpers/render-in-router";
import { asWaitlistHub } from "../waitlist-hubs";
import { joinedNotice, validationNotice } from "../waitlist-messages";
import { facilityWaitlistSchema, type UserType } from "../waitlist-schema";
import { HubWaitlistPage } from "./hub-waitlist-page";
import type { WaitlistAnswer } from "./waitlist-forms";

afterEach(cleanupDom);

const hub = asWaitlistHub(getHub("cervical-cancer"))!;

/**
 * What the server sends for the hub page, before React runs (or without it), complete: the sign-up
 * card's code is loaded on its own, and the server waits for it as entry.server does.
 */
function render(initialTab: UserType, answer?: WaitlistAnswer): Promise<HTMLElement> {
  return renderServerHtmlComplete(
    <HubWaitlistPage hub={hub} initialTab={initialTab} actionData={answer} />,
    `/hub/${hub.id}`,
  );
}

describe("the hub waitlist page (server render)", () => {
  it("shows the sign-up tabs, each a link to its own address, with the chosen tab selected", async () => {
    const page = within(await render("facility"));
    const list = page.getByRole("tablist", { name: "Sign up as" });
    const professional = within(list).getByRole("tab", { name: "Healthcare Professional", selected: false });
    const facility = within(list).getByRole("tab", { name: "Healthcare Facility", selected: true });
    expect(professional.getAttribute("href")).toBe("?tab=professional#join");
    expect(facility.getAttribute("href")).toBe("?tab=facility#join");
    const patient = within(list).getByRole("tab", { name: "Patient or family member", selected: false });
    expect(patient.getAttribute("href")).toBe("?tab=patient#join");
    // Every panel is in the page (what was typed survives a tab change); the others hidden.
    expect(page.getAllByRole("tabpanel")).toHaveLength(3);
    const patientPanel = page.getByRole("tabpanel", { name: "Patient or family member" });
    expect(within(patientPanel).getByRole("form", { name: "Patient or family member sign-up" })).toBeTruthy();
    expect(
      within(patientPanel).getByRole("checkbox", { name: "Send me the launch and updates by SMS to this number" }),
    ).toBeTruthy();
    expect(patientPanel.dataset.state).toBe("inactive");
    const professionalPanel = page.getByRole("tabpanel", { name: "Healthcare Professional" });
    const facilityPanel = page.getByRole("tabpanel", { name: "Healthcare Facility" });
    expect(within(professionalPanel).getByRole("form", { name: "Healthcare professional sign-up" })).toBeTruthy();
    expect(within(facilityPanel).getByRole("form", { name: "Healthcare facility registration" })).toBeTruthy();
    expect(professionalPanel.dataset.state).toBe("inactive");
    expect(professionalPanel.classList).toContain("data-[state=inactive]:hidden");
    expect(facilityPanel.dataset.state).toBe("active");
  });

  it("renders an answer in the form it belongs to: the message, the field errors and the typed values", async () => {
    const formData = new FormData();
    for (const [name, value] of Object.entries({
      userType: "facility",
      facilityName: "Ho Renal Unit",
      email: "ops@ho.example",
      facilityType: "hospital",
      contactPerson: "y".repeat(101),
      country: "Ghana",
    })) {
      formData.set(name, value);
    }
    const submission = parseSubmission(formData, facilityWaitlistSchema);
    expect(submission.status).toBe("error");
    const page = within(
      await render("facility", {
        userType: "facility",
        ok: false,
        result: submission.reply(),
        toast: validationNotice("Name must be less than 100 characters"),
      }),
    );
    const facility = within(page.getByRole("form", { name: "Healthcare facility registration" }));
    expect(within(facility.getByRole("alert")).getByText("Validation Error")).toBeTruthy();
    const contact = facility.getByRole("textbox", { name: "Contact Person" });
    expect(contact.id).toBe("facility-contactPerson");
    expect(contact.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById("facility-contactPerson-error")?.textContent).toBe(
      "Name must be less than 100 characters",
    );
    expect(contact.getAttribute("aria-describedby")).toContain("facility-contactPerson-error");
    expect((facility.getByRole("textbox", { name: "Facility Name" }) as HTMLInputElement).value).toBe("Ho Renal Unit");
    // The professional form is untouched.
    const professional = within(page.getByRole("form", { name: "Healthcare professional sign-up" }));
    expect(professional.queryByRole("alert")).toBeNull();
    expect(document.getElementById("professional-fullName-error")).toBeNull();
  });

  it("after a sign-up, shows what happens next in place of the forms, with a way to sign up someone else", async () => {
    const formData = new FormData();
    formData.set("fullName", "Ama Boateng");
    const page = within(
      await render("patient", {
        userType: "patient",
        ok: true,
        result: parseSubmission(formData, facilityWaitlistSchema).reply({ resetForm: true }),
        toast: joinedNotice("patient", false),
      }),
    );
    const panel = within(page.getByRole("status", { name: "You're on the waitlist!" }));
    expect(panel.getByText("We'll send you an SMS when this hub opens.")).toBeTruthy();
    expect(panel.getByText(/When the Cervical Cancer Prevention hub opens, we will tell you/)).toBeTruthy();
    expect(panel.getByRole("link", { name: "Sign up someone else" }).getAttribute("href")).toBe(
      "/hub/cervical-cancer?tab=patient#join",
    );
    expect(page.queryByRole("form")).toBeNull();
    expect(page.queryByRole("tablist")).toBeNull();
  });

  it("a refused sign-up keeps the forms (a duplicate is not a confirmation)", async () => {
    const page = within(
      await render("professional", {
        userType: "professional",
        ok: false,
        result: parseSubmission(new FormData(), facilityWaitlistSchema).reply(),
        toast: { title: "Already on the waitlist!", description: "x", variant: "default" },
      }),
    );
    expect(page.getByRole("form", { name: "Healthcare professional sign-up" })).toBeTruthy();
    expect(page.queryByRole("status", { name: "You're on the waitlist!" })).toBeNull();
  });
});
