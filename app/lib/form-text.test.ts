import { describe, expect, it } from "vitest";
import { CONTACT_SUBJECT_VALUES } from "~/content/contact";
import { DECLINE_REASON_REQUIRED, declineSchema } from "~/features/accounts/decline-schema";
import { readContactForm } from "~/features/contact/contact-fields";
import { contactSchema } from "~/features/contact/contact-schema";
import { facilityReportSchema } from "~/features/facilities/facility-schema";
import { createReferralSchema, rejectionSchema } from "~/features/referrals/referral-schema";
import { REJECTION_REASON_REQUIRED } from "~/features/referrals/referral-status";
import {
  CANCEL_REASON_REQUIRED,
  cancelSchema,
  MESSAGE_REQUIRED,
  messageSchema,
  OUTCOME_REQUIRED,
  outcomeSchema,
} from "~/features/referrals/workspace-schemas";
import { parseWaitlistSubmission } from "~/features/waitlist/waitlist-schema";
import { readFields } from "~/lib/form-fields";
import { formText, hasVisibleText, nameText, shownText } from "./form-text";

// PostgreSQL text cannot hold U+0000: a posted NUL made the insert fail with a 500 (found by fuzzing).
describe("form text", () => {
  it("drops NUL characters and keeps everything else", () => {
    expect(formText("a\u0000b\u0000")).toBe("ab");
    expect(formText("<b>é 😀</b>")).toBe("<b>é 😀</b>");
  });

  it("is what every form reader returns", () => {
    const form = new FormData();
    form.set("email", "a\u0000@example.org");
    form.set("name", "Ama\u0000");
    expect(readFields(form, ["email"])).toEqual({ email: "a@example.org" });
    expect(readContactForm(form)).toEqual({ email: "a@example.org", name: "Ama" });
    const parsed = parseWaitlistSubmission({
      userType: "professional",
      fullName: "Ama\u0000 Mensah",
      email: "ama@example.org",
      professionalTitle: "Nurse",
      specialty: "Cardiology",
      country: "Ghana",
    });
    expect(parsed.ok && parsed.submission.data).toMatchObject({ fullName: "Ama Mensah" });
  });
});

// Text hygiene: what one person types is read by another.
describe("text shown to others", () => {
  const ZW = "\u200b\u200c\u200d\u2060\ufeff\u00ad";
  const BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069";

  it("drops bidirectional overrides and isolates, and keeps everything else", () => {
    expect(shownText(`report${BIDI}fdp.exe`)).toBe("reportfdp.exe");
    expect(shownText("invoice\u202Efdp.exe\u0000")).toBe("invoicefdp.exe");
    // Right-to-left text itself, and the marks that only hint direction, stay.
    expect(shownText("مرحبا \u200f Ama\nline two")).toBe("مرحبا \u200f Ama\nline two");
  });

  it("puts a name on one line", () => {
    expect(nameText("Ama\r\nMensah\u2028Jr\tII\u0085x")).toBe("Ama Mensah Jr II x");
    expect(nameText("Lagoon\u202e Heart")).toBe("Lagoon Heart");
  });

  it("knows text that shows nothing", () => {
    for (const blank of ["", "   ", ZW, `${ZW} \u3164\u115f\u2800\u034f\u00a0`, "\u0301\u0301", "\u{e0041}"]) {
      expect(hasVisibleText(blank), JSON.stringify(blank)).toBe(false);
    }
    for (const seen of ["a", `${ZW}ok`, "é", "中", "😀", "1", "."]) expect(hasVisibleText(seen), seen).toBe(true);
  });

  it("is how every form with text for others reads it", () => {
    const invisible = "\u200b\u200b\u2060";
    expect(messageSchema.safeParse({ body: invisible }).error?.issues[0]?.message).toBe(MESSAGE_REQUIRED);
    expect(cancelSchema.safeParse({ reason: invisible }).error?.issues[0]?.message).toBe(CANCEL_REASON_REQUIRED);
    expect(outcomeSchema.safeParse({ outcome: invisible }).error?.issues[0]?.message).toBe(OUTCOME_REQUIRED);
    expect(rejectionSchema.safeParse({ reason: invisible }).error?.issues[0]?.message).toBe(REJECTION_REASON_REQUIRED);
    expect(declineSchema.safeParse({ userId: "u", reason: invisible }).error?.issues[0]?.message).toBe(
      DECLINE_REASON_REQUIRED,
    );
    expect(facilityReportSchema.safeParse({ details: `${invisible.repeat(5)}` }).error?.issues[0]?.message).toBe(
      "Please tell us what is wrong",
    );
    expect(messageSchema.parse({ body: " Ward\u202e 3 \n please " }).body).toBe("Ward 3 \n please");

    const referral = createReferralSchema.parse({
      facility_id: "f",
      patient_name: "Kofi\nAnnan\u202e",
      patient_phone: "0241234567",
      chief_complaint: "Chest\u2066 pain",
      clinical_notes: "BP 180/110\u202d\nOn amlodipine",
    });
    expect(referral).toMatchObject({
      patient_name: "Kofi Annan",
      chief_complaint: "Chest pain",
      clinical_notes: "BP 180/110\nOn amlodipine",
    });
    expect(createReferralSchema.safeParse({ ...referral, patient_name: invisible }).error?.issues[0]?.message).toBe(
      "Patient name is required",
    );

    const contact = contactSchema.safeParse({
      name: "Ama\nMensah",
      email: "ama@example.org",
      subject: CONTACT_SUBJECT_VALUES[0],
      message: invisible,
    });
    expect(contact.error?.issues.map((i) => i.message)).toEqual(["Message is required"]);
    const phoned = contactSchema.parse({
      name: "Ama",
      email: "ama@example.org",
      phone: "024\u202e 123 4567",
      subject: CONTACT_SUBJECT_VALUES[0],
      message: "Call me",
    });
    expect(phoned.phone).toBe("024 123 4567");
    const waitlist = parseWaitlistSubmission({
      userType: "facility",
      facilityName: "Lagoon\r\nHeart\u202e Institute",
      email: "a@example.org",
      facilityType: "hospital",
      contactPerson: invisible,
      country: "Ghana",
    });
    expect(!waitlist.ok && waitlist.fieldErrors).toMatchObject({ contactPerson: "Contact person is required" });
  });
});
