// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CONTACT_SENT } from "~/content/contact";
import { cleanupDom, renderInRouter, renderServerHtml } from "../../../../tests/helpers/render-in-router";
import { type ContactActionData, ContactForm } from "./contact-form";

afterEach(cleanupDom);

const SENT: ContactActionData = {
  ok: true,
  result: { status: "success", initialValue: null },
  toast: { ...CONTACT_SENT, variant: "success" },
};

describe("the contact form once sent (issue 28)", () => {
  it("shows what happens next in the form's place, with a way back to an empty form", () => {
    renderInRouter(<ContactForm answer={SENT} />, "/contact");
    const panel = screen.getByRole("status");
    expect(within(panel).getByRole("heading", { name: "Message Sent!" })).toBeTruthy();
    expect(panel.textContent).toContain("We'll get back to you within 24 hours.");
    expect(within(panel).getByRole("link", { name: "Send another message" }).getAttribute("href")).toBe("/contact");
    expect(screen.queryByRole("button", { name: "Send Message" })).toBeNull();
    expect(document.activeElement).toBe(panel);
  });

  it("and the same without JavaScript", () => {
    const page = renderServerHtml(<ContactForm answer={SENT} />, "/contact");
    const panel = within(page).getByRole("status");
    expect(within(panel).getByRole("heading", { name: "Message Sent!" })).toBeTruthy();
    expect(within(page).queryByRole("button", { name: "Send Message" })).toBeNull();
  });

  it("keeps the form while nothing has been sent", () => {
    renderInRouter(<ContactForm answer={undefined} />, "/contact");
    expect(screen.getByRole("button", { name: "Send Message" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Send another message" })).toBeNull();
  });
});
