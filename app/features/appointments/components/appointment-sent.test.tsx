import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AppointmentSent } from "./appointment-sent";

describe("the answer to an appointment request", () => {
  it("offers the click-to-chat link only where WhatsApp is configured", () => {
    const link =
      "https://wa.me/233302123456?text=Qurhealth%3A%20please%20send%20my%20appointment%20request.%20Code%20QH-ABCD-EFGH";
    const withWhatsApp = renderToStaticMarkup(<AppointmentSent facilityName="Heart Clinic" whatsapp={link} />);
    expect(withWhatsApp).toContain("Check your phone");
    expect(withWhatsApp).toContain(`href="${link}"`);
    expect(withWhatsApp).toContain("Send the request by WhatsApp");
    const smsOnly = renderToStaticMarkup(<AppointmentSent facilityName="Heart Clinic" whatsapp={null} />);
    expect(smsOnly).toContain("We have sent an SMS with a link.");
    expect(smsOnly).not.toContain("wa.me");
    expect(smsOnly).not.toContain("WhatsApp");
  });
});
