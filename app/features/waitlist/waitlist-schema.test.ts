import { describe, expect, it } from "vitest";
import {
  facilityWaitlistSchema,
  PATIENT_CONTACT_REQUIRED,
  PATIENT_SMS_CONSENT_REQUIRED,
  parseWaitlistSubmission,
  patientWaitlistSchema,
  professionalWaitlistSchema,
} from "./waitlist-schema";

const professional = {
  fullName: "Dr Ama Mensah",
  email: "ama.mensah@example.com",
  professionalTitle: "Consultant Oncologist",
  specialty: "Gynaecologic Oncology",
  yearsOfExperience: "12",
  country: "Ghana",
  phone: "+233 24 123 4567",
  message: "Keen to help.",
};

const facility = {
  facilityName: "Ridge Diagnostic Centre",
  email: "admin@ridge.example",
  facilityType: "diagnostic",
  contactPerson: "Kofi Boateng",
  country: "Ghana",
  phone: "0302123456",
  message: "",
};

/** The messages the schema reports for `values` (first per field). */
function errorsOf(userType: "professional" | "facility" | "patient", values: Record<string, string>) {
  const result = parseWaitlistSubmission({ userType, ...values });
  return result.ok ? {} : result.fieldErrors;
}

describe("professional waitlist schema (spec section 5)", () => {
  it("accepts a complete form, trims text and stores empty optional fields as null", () => {
    const data = professionalWaitlistSchema.parse({
      ...professional,
      fullName: "  Dr Ama Mensah  ",
      email: " ama.mensah@example.com ",
      phone: "",
      message: "   ",
      yearsOfExperience: "",
      professionalTitle: " Consultant Oncologist ",
    });
    expect(data).toEqual({
      fullName: "Dr Ama Mensah",
      email: "ama.mensah@example.com",
      professionalTitle: "Consultant Oncologist",
      specialty: "Gynaecologic Oncology",
      yearsOfExperience: null,
      country: "Ghana",
      phone: null,
      smsConsent: false,
      message: null,
    });
    expect(professionalWaitlistSchema.parse(professional).yearsOfExperience).toBe(12);
  });

  it.each([
    ["fullName", "", "Name is required"],
    ["fullName", "    ", "Name is required"],
    ["fullName", "x".repeat(101), "Name must be less than 100 characters"],
    ["email", "", "Enter your email address"],
    ["email", "not-an-email", "Invalid email address"],
    ["email", "a@b", "Invalid email address"],
    ["email", `${"a".repeat(250)}@example.com`, "Email must be less than 255 characters"],
    ["professionalTitle", "x".repeat(101), "Title must be less than 100 characters"],
    // Required in the UI (spec section 5): refused empty on both sides.
    ["professionalTitle", " ", "Professional title is required"],
    ["specialty", "", "Specialty is required"],
    ["specialty", "x".repeat(101), "Specialty must be less than 100 characters"],
    ["country", "", "Country is required"],
    ["country", "  ", "Country is required"],
    ["country", "x".repeat(101), "Country must be less than 100 characters"],
    ["phone", "1".repeat(21), "Phone must be less than 20 characters"],
    ["message", "x".repeat(1001), "Message must be less than 1000 characters"],
    ["yearsOfExperience", "abc", "Years of experience must be a whole number, 0 or more"],
    ["yearsOfExperience", "-1", "Years of experience must be a whole number, 0 or more"],
    ["yearsOfExperience", "1.5", "Years of experience must be a whole number, 0 or more"],
    ["yearsOfExperience", "1e3", "Years of experience must be a whole number, 0 or more"],
    ["yearsOfExperience", "71", "Years of experience must be 70 or less"],
    ["yearsOfExperience", "9".repeat(400), "Years of experience must be 70 or less"],
  ])("%s = %j -> %s", (field, value, message) => {
    expect(errorsOf("professional", { ...professional, [field]: value })).toEqual({ [field]: message });
  });

  it("accepts the limits exactly", () => {
    const result = professionalWaitlistSchema.safeParse({
      ...professional,
      fullName: "x".repeat(100),
      email: `${"a".repeat(243)}@example.com`,
      professionalTitle: "x".repeat(100),
      specialty: "x".repeat(100),
      phone: "1".repeat(20),
      message: "x".repeat(1000),
      yearsOfExperience: "0",
    });
    expect(result.success).toBe(true);
    expect(result.data?.email).toHaveLength(255);
    expect(professionalWaitlistSchema.parse({ ...professional, yearsOfExperience: " 70 " }).yearsOfExperience).toBe(70);
  });

  it("treats missing fields as empty and reports the spec's messages", () => {
    const result = parseWaitlistSubmission({ userType: "professional" });
    expect(result).toEqual({
      ok: false,
      userType: "professional",
      fieldErrors: {
        fullName: "Name is required",
        email: "Enter your email address",
        professionalTitle: "Professional title is required",
        specialty: "Specialty is required",
        country: "Country is required",
      },
      message: "Name is required",
    });
  });
});

describe("facility waitlist schema (spec section 5)", () => {
  it("accepts a complete form", () => {
    expect(facilityWaitlistSchema.parse(facility)).toEqual({
      ...facility,
      phone: "0302123456",
      smsConsent: false,
      message: null,
    });
  });

  it.each(["hospital", "clinic", "diagnostic", "specialty", "other"])("accepts facility type %s", (facilityType) => {
    expect(facilityWaitlistSchema.safeParse({ ...facility, facilityType }).success).toBe(true);
  });

  it.each([
    ["facilityName", "", "Facility name is required"],
    ["facilityName", "   ", "Facility name is required"],
    ["facilityName", "x".repeat(201), "Facility name must be less than 200 characters"],
    ["email", "", "Enter your email address"],
    ["email", "admin@", "Invalid email address"],
    ["email", `${"a".repeat(250)}@example.com`, "Email must be less than 255 characters"],
    ["facilityType", "", "Facility type is required"],
    ["facilityType", "pharmacy", "Facility type is required"],
    ["contactPerson", "", "Contact person is required"],
    ["contactPerson", "x".repeat(101), "Name must be less than 100 characters"],
    ["country", "", "Country is required"],
    ["phone", "1".repeat(21), "Phone must be less than 20 characters"],
    ["message", "x".repeat(1001), "Message must be less than 1000 characters"],
  ])("%s = %j -> %s", (field, value, message) => {
    expect(errorsOf("facility", { ...facility, [field]: value })).toEqual({ [field]: message });
  });

  it("accepts the limits exactly", () => {
    expect(
      facilityWaitlistSchema.safeParse({
        ...facility,
        facilityName: "x".repeat(200),
        contactPerson: "x".repeat(100),
        phone: "1".repeat(20),
        message: "x".repeat(1000),
      }).success,
    ).toBe(true);
  });

  it("names the first rule broken for the Validation Error toast", () => {
    const result = parseWaitlistSubmission({ userType: "facility", ...facility, facilityName: "", contactPerson: "" });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toBe("Facility name is required");
      expect(result.fieldErrors).toEqual({
        facilityName: "Facility name is required",
        contactPerson: "Contact person is required",
      });
    }
  });
});

describe("parseWaitlistSubmission", () => {
  it("picks the schema from userType and returns typed data", () => {
    expect(parseWaitlistSubmission({ userType: "professional", ...professional })).toMatchObject({
      ok: true,
      submission: { userType: "professional", data: { fullName: "Dr Ama Mensah", yearsOfExperience: 12 } },
    });
    expect(parseWaitlistSubmission({ userType: "facility", ...facility })).toMatchObject({
      ok: true,
      submission: { userType: "facility", data: { facilityType: "diagnostic" } },
    });
  });

  it("refuses an unknown or missing form kind without throwing", () => {
    for (const userType of [undefined, "", "admin", ["professional"], 1]) {
      expect(parseWaitlistSubmission({ userType, ...professional })).toMatchObject({ ok: false, userType: null });
    }
  });

  it("treats non-text values (files) as empty", () => {
    const file = new File(["x"], "x.txt");
    expect(errorsOf("professional", { ...professional, fullName: file as unknown as string })).toEqual({
      fullName: "Name is required",
    });
  });

  it("SMS consent (issue 26): a ticked box needs a phone; unticked needs nothing", () => {
    expect(errorsOf("professional", { ...professional, phone: "", smsConsent: "on" })).toEqual({
      phone: "Please enter your mobile number",
    });
    expect(errorsOf("facility", { ...facility, phone: " ", smsConsent: "on" })).toEqual({
      phone: "Please enter your mobile number",
    });
    expect(professionalWaitlistSchema.parse({ ...professional, smsConsent: "on" }).smsConsent).toBe(true);
    expect(professionalWaitlistSchema.parse({ ...professional, smsConsent: "yes" }).smsConsent).toBe(false);
    expect(facilityWaitlistSchema.parse({ ...facility, phone: "" }).smsConsent).toBe(false);
  });
});

describe("patient or family member waitlist schema (issue 28): an email or a mobile number", () => {
  it("takes an email alone, a number alone with SMS consent, or both", () => {
    expect(patientWaitlistSchema.parse({ fullName: "Efua Owusu", email: " efua@example.test " })).toEqual({
      fullName: "Efua Owusu",
      email: "efua@example.test",
      phone: null,
      smsConsent: false,
    });
    expect(
      patientWaitlistSchema.parse({ fullName: "Efua Owusu", email: "", phone: "024 555 0160", smsConsent: "on" }),
    ).toEqual({ fullName: "Efua Owusu", email: null, phone: "024 555 0160", smsConsent: true });
    expect(
      patientWaitlistSchema.parse({ fullName: "Efua", email: "e@example.test", phone: "0245550160" }).smsConsent,
    ).toBe(false);
  });

  it("refuses neither, a number alone without consent, and a malformed email", () => {
    expect(errorsOf("patient", { fullName: "Efua", email: "", phone: "" })).toEqual({
      email: PATIENT_CONTACT_REQUIRED,
    });
    expect(errorsOf("patient", { fullName: "Efua", email: "  ", phone: " " })).toEqual({
      email: PATIENT_CONTACT_REQUIRED,
    });
    expect(errorsOf("patient", { fullName: "Efua", email: "", phone: "0245550160" })).toEqual({
      smsConsent: PATIENT_SMS_CONSENT_REQUIRED,
    });
    expect(errorsOf("patient", { fullName: "Efua", email: "not-an-email", phone: "0245550160" })).toEqual({
      email: "Invalid email address",
    });
    expect(errorsOf("patient", { fullName: "Efua", email: `${"a".repeat(250)}@example.com` })).toEqual({
      email: "Email must be less than 255 characters",
    });
    expect(errorsOf("patient", { fullName: "", email: "", phone: "", smsConsent: "on" })).toMatchObject({
      fullName: "Name is required",
    });
  });
});
