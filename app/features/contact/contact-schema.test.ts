import { describe, expect, it } from "vitest";
import { CONTACT_SUBJECTS } from "~/content/contact";
import { parseOrRefuse, refusalOf } from "~/lib/refusal";
import { readContactForm } from "./contact-fields";
import { contactSchema } from "./contact-schema";

/** The schema as the domain applies it: the values, or the refusal's message and field messages. */
function validateContact(input: unknown) {
  try {
    return { ok: true as const, data: parseOrRefuse(contactSchema, input) };
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return { ok: false as const, fieldErrors: refusal.fieldErrors ?? {}, message: refusal.message };
  }
}

const valid = {
  name: "Ama Mensah",
  email: "ama@example.com",
  phone: "+233 24 000 0000",
  subject: "general",
  message: "I would like to know how referrals work.",
};

function errorsFor(input: Record<string, unknown>) {
  const result = validateContact(input);
  if (result.ok) throw new Error("expected a validation failure");
  return result;
}

describe("contact schema (spec section 5)", () => {
  it("accepts a complete message and trims every field", () => {
    const result = validateContact({
      ...valid,
      name: "  Ama Mensah ",
      email: " ama@example.com ",
      phone: " 024 000 0000 ",
      message: "  Hello  ",
    });
    expect(result).toEqual({
      ok: true,
      data: { ...valid, phone: "024 000 0000", message: "Hello" },
    });
  });

  it("name: required, at most 100 characters", () => {
    expect(errorsFor({ ...valid, name: "" }).fieldErrors.name).toBe("Name is required");
    expect(errorsFor({ ...valid, name: "   " }).fieldErrors.name).toBe("Name is required");
    expect(errorsFor({ ...valid, name: undefined }).fieldErrors.name).toBe("Name is required");
    expect(validateContact({ ...valid, name: "a".repeat(100) }).ok).toBe(true);
    expect(errorsFor({ ...valid, name: "a".repeat(101) }).fieldErrors.name).toBe(
      "Name must be less than 100 characters",
    );
  });

  it("email: a valid address, at most 255 characters", () => {
    for (const email of ["ama", "ama@", "ama@example", "@example.com", "ama example@x.com"]) {
      expect(errorsFor({ ...valid, email }).fieldErrors.email).toBe("Invalid email address");
    }
    // Empty or missing: what to do (decision 039).
    for (const email of ["", "  ", undefined]) {
      expect(errorsFor({ ...valid, email }).fieldErrors.email).toBe("Enter your email address");
    }
    const local = "a".repeat(64);
    const at255 = `${local}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(59)}.gh`;
    expect(at255).toHaveLength(255);
    expect(validateContact({ ...valid, email: at255 }).ok).toBe(true);
    expect(errorsFor({ ...valid, email: `x${at255}` }).fieldErrors.email).toBe(
      "Email must be less than 255 characters",
    );
  });

  it("phone: optional, at most 20 characters", () => {
    const { phone: _omit, ...withoutPhone } = valid;
    const missing = validateContact(withoutPhone);
    expect(missing.ok && missing.data.phone).toBeUndefined();
    expect(validateContact({ ...valid, phone: "" })).toMatchObject({ ok: true, data: { phone: undefined } });
    expect(validateContact({ ...valid, phone: "   " })).toMatchObject({ ok: true, data: { phone: undefined } });
    expect(validateContact({ ...valid, phone: "1".repeat(20) }).ok).toBe(true);
    expect(errorsFor({ ...valid, phone: "1".repeat(21) }).fieldErrors.phone).toBe(
      "Phone must be less than 20 characters",
    );
  });

  it("subject: required, one of the six options", () => {
    expect(CONTACT_SUBJECTS.map((s) => s.value)).toEqual([
      "general",
      "provider",
      "technical",
      "partnership",
      "press",
      "other",
    ]);
    for (const { value } of CONTACT_SUBJECTS) expect(validateContact({ ...valid, subject: value }).ok).toBe(true);
    for (const subject of ["", "sales", "GENERAL", undefined]) {
      expect(errorsFor({ ...valid, subject }).fieldErrors.subject).toBe("Subject is required");
    }
  });

  it("message: required, at most 2000 characters", () => {
    expect(errorsFor({ ...valid, message: "" }).fieldErrors.message).toBe("Message is required");
    expect(errorsFor({ ...valid, message: " \n " }).fieldErrors.message).toBe("Message is required");
    expect(errorsFor({ ...valid, message: undefined }).fieldErrors.message).toBe("Message is required");
    expect(validateContact({ ...valid, message: "m".repeat(2000) }).ok).toBe(true);
    expect(errorsFor({ ...valid, message: "m".repeat(2001) }).fieldErrors.message).toBe(
      "Message must be less than 2000 characters",
    );
  });

  it("reports one message per field and the first broken rule, in form order", () => {
    const result = errorsFor({ name: "", email: "nope", phone: "", subject: "", message: "" });
    expect(result.fieldErrors).toEqual({
      name: "Name is required",
      email: "Invalid email address",
      subject: "Subject is required",
      message: "Message is required",
    });
    expect(result.message).toBe("Name is required");
    expect(errorsFor({ ...valid, subject: "", message: "" }).message).toBe("Subject is required");
  });

  it("reads only the form's own fields, as strings", () => {
    const form = new FormData();
    form.set("name", "Kofi");
    form.set("email", "kofi@example.com");
    form.set("subject", "press");
    form.set("message", "Hi");
    form.set("role", "system_admin");
    form.set("phone", new Blob(["x"]));
    expect(readContactForm(form)).toEqual({ name: "Kofi", email: "kofi@example.com", subject: "press", message: "Hi" });
  });
});
