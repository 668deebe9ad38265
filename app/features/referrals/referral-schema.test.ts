import { describe, expect, it } from "vitest";
import { recordPaymentSchema } from "~/features/payments/payment-schema";
import { formatCedis } from "~/lib/ghana-format";
import { createReferralSchema, normalisePhone, rejectionSchema } from "./referral-schema";
import { REFERRAL_FEE, TRANSITIONS, transitionsFrom } from "./referral-status";

describe("normalisePhone", () => {
  it.each([
    ["0241234567", "+233241234567"],
    ["024 123 4567", "+233241234567"],
    ["+233 24 123 4567", "+233241234567"],
    ["00233241234567", "+233241234567"],
    ["(024) 123-4567", "+233241234567"],
    ["+234 803 123 4567", "+2348031234567"],
  ])("%s -> %s", (input, expected) => {
    expect(normalisePhone(input)).toBe(expected);
  });

  it.each(["", "abc", "12345", "+1234567890123456", "024-123-4567x", "0241234567<script>"])("refuses %j", (input) => {
    expect(normalisePhone(input)).toBeNull();
  });
});

describe("createReferralSchema", () => {
  const valid = {
    facility_id: "f",
    patient_name: " Ama ",
    patient_phone: "0241234567",
    chief_complaint: " Chest pain ",
  };

  it("trims, defaults urgency to routine, and turns empty optional fields into null", () => {
    expect(createReferralSchema.parse({ ...valid, patient_email: "", clinical_notes: "  " })).toEqual({
      facility_id: "f",
      patient_name: "Ama",
      patient_phone: "0241234567",
      patient_email: null,
      patient_date_of_birth: null,
      chief_complaint: "Chest pain",
      clinical_notes: null,
      urgency_level: "routine",
    });
  });

  it("keeps the spec's limits: 500 for the complaint, 5000 for the notes", () => {
    expect(createReferralSchema.safeParse({ ...valid, chief_complaint: "x".repeat(500) }).success).toBe(true);
    expect(
      createReferralSchema.safeParse({ ...valid, chief_complaint: "x".repeat(501) }).error?.issues[0].message,
    ).toBe("Chief complaint must be less than 500 characters");
    expect(createReferralSchema.safeParse({ ...valid, clinical_notes: "x".repeat(5000) }).success).toBe(true);
    expect(
      createReferralSchema.safeParse({ ...valid, clinical_notes: "x".repeat(5001) }).error?.issues[0].message,
    ).toBe("Clinical notes must be less than 5000 characters");
  });

  it("refuses a future or impossible date of birth and a bad email", () => {
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    for (const patient_date_of_birth of [tomorrow, "2023-02-30", "1850-01-01", "01/02/1990"]) {
      expect(createReferralSchema.safeParse({ ...valid, patient_date_of_birth }).success).toBe(false);
    }
    expect(createReferralSchema.safeParse({ ...valid, patient_email: "ama@" }).error?.issues[0].message).toBe(
      "Invalid email address",
    );
  });
});

describe("rejection and payment inputs", () => {
  it("needs a reason that is not blank after trimming", () => {
    expect(rejectionSchema.safeParse({ reason: " \n\t " }).success).toBe(false);
    expect(rejectionSchema.parse({ reason: "  Full  " })).toEqual({ reason: "Full" });
  });

  it("needs both a method and a reference", () => {
    expect(
      recordPaymentSchema.safeParse({ paymentId: "p", payment_method: "Cash", payment_reference: " " }).success,
    ).toBe(false);
    expect(recordPaymentSchema.safeParse({ paymentId: "p", payment_method: "", payment_reference: "R" }).success).toBe(
      false,
    );
  });
});

describe("the lifecycle table and the fee", () => {
  it("offers accept and reject on pending, complete on accepted, cancel to the doctor, nothing after", () => {
    expect(transitionsFrom("pending")).toEqual(["accept", "reject", "cancel"]);
    expect(transitionsFrom("pending", "facility_admin")).toEqual(["accept", "reject"]);
    expect(transitionsFrom("pending", "doctor")).toEqual(["cancel"]);
    expect(transitionsFrom("pending", "system_admin")).toEqual([]);
    expect(transitionsFrom("accepted")).toEqual(["complete"]);
    expect(transitionsFrom("accepted", "doctor")).toEqual([]);
    for (const final of ["rejected", "completed", "cancelled"] as const) expect(transitionsFrom(final)).toEqual([]);
    expect(TRANSITIONS.complete).toEqual({ from: "accepted", to: "completed", by: "facility_admin" });
    expect(TRANSITIONS.cancel).toEqual({ from: "pending", to: "cancelled", by: "doctor" });
  });

  it("is ₵100 = ₵70 + ₵30, shown in cedis", () => {
    expect(REFERRAL_FEE.doctorShare + REFERRAL_FEE.platformShare).toBe(REFERRAL_FEE.total);
    expect(
      [REFERRAL_FEE.total, REFERRAL_FEE.doctorShare, REFERRAL_FEE.platformShare].map((p) => formatCedis(p)),
    ).toEqual(["₵100", "₵70", "₵30"]);
    expect(formatCedis(7050)).toBe("₵70.50");
    expect(formatCedis(350_000_000)).toBe("₵3,500,000");
  });
});
