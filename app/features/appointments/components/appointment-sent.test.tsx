import type { I18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { catalogueI18n } from "../../../../tests/helpers/catalogue-translate";
import { AppointmentRequestForm } from "./appointment-request-form";
import { AppointmentSent } from "./appointment-sent";

const english = catalogueI18n("en");
const french = catalogueI18n("fr");
const render = (i18n: I18n, node: ReactNode) => renderToStaticMarkup(<I18nProvider i18n={i18n}>{node}</I18nProvider>);

describe("the answer to an appointment request", () => {
  it("offers the click-to-chat link only where WhatsApp is configured", () => {
    const link =
      "https://wa.me/233302123456?text=Qurhealth%3A%20please%20send%20my%20appointment%20request.%20Code%20QH-ABCD-EFGH";
    const withWhatsApp = render(english, <AppointmentSent facilityName="Heart Clinic" whatsapp={link} />);
    expect(withWhatsApp).toContain("Check your phone");
    expect(withWhatsApp).toContain(`href="${link}"`);
    expect(withWhatsApp).toContain("Send the request by WhatsApp");
    const smsOnly = render(english, <AppointmentSent facilityName="Heart Clinic" whatsapp={null} />);
    expect(smsOnly).toContain("We have sent an SMS with a link.");
    expect(smsOnly).not.toContain("wa.me");
    expect(smsOnly).not.toContain("WhatsApp");
  });

  it("is in French on a French page (issue 38)", () => {
    const html = render(french, <AppointmentSent facilityName="Heart Clinic" whatsapp={null} />);
    expect(html).toContain("Consultez votre téléphone");
    expect(html).toContain("pour envoyer votre demande à Heart Clinic");
  });
});

/** The page's language for the stub's one route (set by `form`). */
let shownIn: I18n = english;
function FormPage() {
  return (
    <I18nProvider i18n={shownIn}>
      <AppointmentRequestForm specialties={["Cardiology"]} today="2026-12-01" lastDay="2027-03-01" />
    </I18nProvider>
  );
}
const FormStub = createRoutesStub([{ path: "*", Component: FormPage }]);

describe("the appointment request form", () => {
  /** The form as the server renders it in one language (it needs a router for its form key). */
  function form(i18n: I18n): string {
    shownIn = i18n;
    return renderToStaticMarkup(<FormStub initialEntries={["/"]} />);
  }

  it("starts the SMS language at the page's: French on a French page, English on an English one", () => {
    const fr = form(french);
    expect(fr).toContain("Langue des messages");
    expect(fr).toMatch(/<option value="fr" selected="">Français<\/option>/);
    expect(fr).not.toMatch(/<option value="en" selected="">/);
    const en = form(english);
    expect(en).toContain("Language for messages");
    expect(en).toMatch(/<option value="en" selected="">English<\/option>/);
  });
});
