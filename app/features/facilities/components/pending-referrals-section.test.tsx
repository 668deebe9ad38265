// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ReferralRow } from "~/features/referrals/public.server";
import { renderInRouter } from "../../../../tests/helpers/render-in-router";
import { PendingReferralsSection } from "./pending-referrals-section";

afterEach(cleanup);

const row = (id: string, referralNumber: string): ReferralRow => ({
  id,
  referralNumber,
  status: "pending",
  urgencyLevel: "emergency",
  createdAt: "2026-11-21T10:44:00.000Z",
  acceptedAt: null,
  rejectedAt: null,
  completedAt: null,
  rejectionReason: null,
  chiefComplaint: "Chest pain",
  clinicalNotes: null,
  referralFee: 10000,
  doctorShare: 7000,
  patient: {
    fullName: "Akosua Boateng",
    phone: "+233245550101",
    call: { display: "+233 24 555 0101", href: "tel:+233245550101", whatsapp: "https://wa.me/233245550101" },
    email: null,
    dateOfBirth: null,
  },
  facility: { id: "f1", name: "Korle Bu Teaching Hospital", address: "Accra" },
  doctor: { id: "d1", fullName: "Dr Kojo Mensah", specialty: "Cardiology" },
  overdue: false,
  escalated: false,
  payout: null,
});

describe("the facility queue's pending referrals (issue 33, UX 7)", () => {
  it("names each Accept and Reject by its referral number", () => {
    renderInRouter(
      <PendingReferralsSection
        pending={{
          rows: [
            row("0b6c1f5e-1d1e-4c59-9a51-1f1e3c1a0001", "REF-2026-000123"),
            row("0b6c1f5e-1d1e-4c59-9a51-1f1e3c1a0002", "REF-2026-000124"),
          ],
          page: 1,
          pageCount: 1,
        }}
        search=""
        inFlight={new Map()}
        onAccepted={() => {}}
        onReject={() => {}}
      />,
      "/dashboard/facility-admin",
    );
    expect(screen.getByRole("button", { name: "Accept REF-2026-000123" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Accept REF-2026-000124" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Reject REF-2026-000124" })).toBeTruthy();
  });
});
