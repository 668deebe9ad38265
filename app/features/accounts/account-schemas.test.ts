import { describe, expect, it } from "vitest";
import type { $ZodType } from "zod/v4/core";
import { readFields } from "~/lib/form-fields";
import { parseOrRefuse, refusalOf } from "~/lib/refusal";
import { VALIDATION_TOAST } from "./action-data";
import { FORGOT_PASSWORD_FIELDS, forgotPasswordSchema, INVALID_EMAIL_TOAST } from "./forgot-password-schema";
import {
  blockedSubmitToast,
  NEW_PASSWORD_FIELDS,
  newPasswordSchema,
  PASSWORD_MISMATCH_TOAST,
  PASSWORD_UPDATED,
  WEAK_PASSWORD_TOAST,
} from "./new-password-schema";
import { REGISTER_FIELDS, registerSchema } from "./register-schema";
import { SIGN_IN_FIELDS, signInSchema } from "./sign-in-schema";

/** The schema run as the domain functions run it (parseOrRefuse): the values, or each field's first message. */
function validateForm(schema: $ZodType, values: Record<string, string>) {
  try {
    return { ok: true as const, data: parseOrRefuse(schema, values) };
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return { ok: false as const, fieldErrors: refusal.fieldErrors ?? {} };
  }
}

const errorsOf = (schema: $ZodType, values: Record<string, string>) => {
  const result = validateForm(schema, values);
  return result.ok ? {} : result.fieldErrors;
};

describe("sign in (spec section 5)", () => {
  const valid = { email: "ama@example.com", password: "x" };
  it("accepts an address and any password", () => {
    expect(validateForm(signInSchema, valid)).toEqual({ ok: true, data: valid });
    expect(validateForm(signInSchema, { ...valid, email: "  ama@example.com " }).ok).toBe(true);
  });
  it("Invalid email address; an empty one says what to do (decision 039)", () => {
    for (const email of ["ama", "ama@", "@example.com", "ama example@x.com"]) {
      expect(errorsOf(signInSchema, { ...valid, email })).toEqual({ email: "Invalid email address" });
    }
    for (const email of ["", "   "]) {
      expect(errorsOf(signInSchema, { ...valid, email })).toEqual({ email: "Enter your email address" });
    }
  });
  it("Password is required", () => {
    expect(errorsOf(signInSchema, { ...valid, password: "" })).toEqual({ password: "Password is required" });
    expect(errorsOf(signInSchema, { email: "", password: "" })).toEqual({
      email: "Enter your email address",
      password: "Password is required",
    });
  });
  it("reads only its fields from a form, missing ones as empty", () => {
    const form = new FormData();
    form.set("email", "a@b.co");
    form.set("role", "system_admin");
    expect(readFields(form, SIGN_IN_FIELDS)).toEqual({ email: "a@b.co", password: "" });
  });
});

describe("register (spec section 5)", () => {
  const valid = {
    full_name: "Ama Mensah",
    email: "ama@example.com",
    phone: "0241234567",
    password: "Abcdefg1",
    confirmPassword: "Abcdefg1",
    role: "doctor",
    specialty: "Cardiology",
    facility_id: "",
    mdc_number: "MDC/RN/12345",
    hefra_licence: "",
  };

  it("accepts a doctor and keeps the specialty", () => {
    const result = validateForm(registerSchema, valid);
    expect(result).toEqual({
      ok: true,
      data: {
        full_name: "Ama Mensah",
        email: "ama@example.com",
        phone: "0241234567",
        password: "Abcdefg1",
        role: "doctor",
        specialty: "Cardiology",
        facility_id: null,
        mdc_number: "MDC/RN/12345",
        hefra_licence: null,
      },
    });
  });

  it("keeps the specialty only for doctors and the facility only for facility administrators", () => {
    const admin = validateForm(registerSchema, {
      ...valid,
      role: "facility_admin",
      facility_id: "f-1",
      hefra_licence: "HeFRA/GAR/0042",
    });
    expect(admin.ok && admin.data).toMatchObject({
      specialty: null,
      facility_id: "f-1",
      mdc_number: null,
      hefra_licence: "HeFRA/GAR/0042",
    });
    // Decision 033: the public form never makes a system administrator (they are invited by another).
    const sys = validateForm(registerSchema, { ...valid, role: "system_admin", facility_id: "f-1" });
    expect(sys.ok).toBe(false);
    expect(!sys.ok && sys.fieldErrors.role).toBe("Please select a valid role");
    const doctor = validateForm(registerSchema, { ...valid, facility_id: "f-1", specialty: "" });
    expect(doctor.ok && doctor.data).toMatchObject({ specialty: null, facility_id: null });
  });

  it.each([
    ["full_name", "A", "Name must be at least 2 characters"],
    ["full_name", "  A  ", "Name must be at least 2 characters"],
    ["full_name", "x".repeat(101), "Name must be less than 100 characters"],
    ["email", "not-an-email", "Invalid email address"],
    ["email", "", "Enter your email address"],
    ["email", `${"a".repeat(250)}@example.com`, "Email must be less than 255 characters"],
    ["phone", "024123456", "Phone number must be at least 10 digits"],
    ["phone", "0".repeat(21), "Phone number must be less than 20 digits"],
    ["role", "patient", "Please select a valid role"],
    ["role", "", "Please select a valid role"],
  ])("%s %j: %s", (field, value, message) => {
    expect(errorsOf(registerSchema, { ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it("Password must be at least 8 characters", () => {
    expect(errorsOf(registerSchema, { ...valid, password: "abcdefg", confirmPassword: "abcdefg" })).toEqual({
      password: "Password must be at least 8 characters",
    });
  });

  it("needs the same strength as a new password (3 of 5), with the spec's message", () => {
    for (const weak of ["12345678", "abcdefgh", "ABCDEFGH"]) {
      expect(errorsOf(registerSchema, { ...valid, password: weak, confirmPassword: weak }), weak).toEqual({
        password: "Please choose a stronger password for better security.",
      });
    }
    expect(validateForm(registerSchema, { ...valid, password: "abcdefg1", confirmPassword: "abcdefg1" }).ok).toBe(true);
  });

  it("Passwords don't match", () => {
    expect(errorsOf(registerSchema, { ...valid, confirmPassword: "abcdefgX" })).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });

  it("asks facility administrators for their facility", () => {
    expect(errorsOf(registerSchema, { ...valid, role: "facility_admin" })).toEqual({
      facility_id: "Please select the facility you run",
      hefra_licence: "Please enter your facility's HeFRA licence number",
    });
  });

  it("reports every broken field at once, first rule per field", () => {
    const empty = Object.fromEntries(REGISTER_FIELDS.map((f) => [f, ""]));
    expect(errorsOf(registerSchema, empty)).toEqual({
      full_name: "Name must be at least 2 characters",
      email: "Enter your email address",
      phone: "Phone number must be at least 10 digits",
      password: "Password must be at least 8 characters",
      role: "Please select a valid role",
    });
  });

  it("has the spec's validation toast", () => {
    expect(VALIDATION_TOAST).toMatchObject({
      title: "Validation Error",
      description: "Please check your inputs and try again.",
    });
  });
});

describe("forgot password (spec section 5)", () => {
  it("accepts a simple address", () => {
    expect(validateForm(forgotPasswordSchema, { email: " ama@example.com " })).toEqual({
      ok: true,
      data: { email: "ama@example.com" },
    });
  });
  it.each(["ama", "ama@example", "a b@c.d", "ama@@x"])("%j: Please enter a valid email address.", (email) => {
    expect(errorsOf(forgotPasswordSchema, { email })).toEqual({ email: "Please enter a valid email address." });
  });
  it.each(["", "  "])("%j: Enter your email address (decision 039; the toast stays Invalid Email)", (email) => {
    expect(errorsOf(forgotPasswordSchema, { email })).toEqual({ email: "Enter your email address" });
  });
  it("has the Invalid Email toast", () => {
    expect(INVALID_EMAIL_TOAST).toMatchObject({
      title: "Invalid Email",
      description: "Please enter a valid email address.",
    });
    expect(FORGOT_PASSWORD_FIELDS).toEqual(["email"]);
  });
});

describe("new password (spec section 5)", () => {
  it("needs strength 3 and a matching confirmation", () => {
    expect(validateForm(newPasswordSchema, { password: "abcdefgH", confirmPassword: "abcdefgH" }).ok).toBe(true);
    expect(errorsOf(newPasswordSchema, { password: "abcdefgh", confirmPassword: "abcdefgh" })).toEqual({
      password: "Please choose a stronger password for better security.",
    });
    expect(errorsOf(newPasswordSchema, { password: "abcdefgH", confirmPassword: "abcdefgh" })).toEqual({
      confirmPassword: "Passwords do not match",
    });
  });
  it("keeps the 8-character minimum of section 9", () => {
    expect(errorsOf(newPasswordSchema, { password: "aB1!", confirmPassword: "aB1!" })).toEqual({
      password: "Password must be at least 8 characters",
    });
  });
  it("blocks a submit with the spec's toasts", () => {
    expect(blockedSubmitToast("abc", "abc")).toBe(WEAK_PASSWORD_TOAST);
    expect(WEAK_PASSWORD_TOAST).toMatchObject({
      title: "Weak Password",
      description: "Please choose a stronger password for better security.",
    });
    expect(blockedSubmitToast("abcdefgH1", "abcdefgH2")).toBe(PASSWORD_MISMATCH_TOAST);
    expect(PASSWORD_MISMATCH_TOAST).toMatchObject({
      title: "Password Mismatch",
      description: "The passwords you entered don't match.",
    });
    expect(blockedSubmitToast("abcdefgH1", "abcdefgH1")).toBeNull();
    expect(NEW_PASSWORD_FIELDS).toEqual(["password", "confirmPassword"]);
  });
  it("announces success with the spec's words", () => {
    expect(PASSWORD_UPDATED).toEqual({
      title: "Password Updated Successfully!",
      description: "You can now sign in with your new password.",
    });
  });
});
