// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Role } from "~/auth/roles";
import { renderInRouter } from "../../../../tests/helpers/render-in-router";
import type { ReferralStatus } from "../referral-status";
import type { ReferralWorkspace } from "../workspace.server";
import { MessageShortcut } from "./message-shortcut";
import { ReferralActionsPanel } from "./referral-actions-panel";
import { ReferralDetails } from "./referral-details";
import { ReferralStatusBanner } from "./referral-status-banner";
import type { ReferralDialogState } from "./use-referral-dialogs";

afterEach(cleanup);

/*
 * The referral page's head and actions by role: "Sent to {facility}" for the referring
 * doctor while the facility has not answered, and "Refer to another facility" for the referring
 * doctor of a rejected or cancelled referral only.
 */

const referral = (status: ReferralStatus, role: Role, mayAttach = role === "doctor"): ReferralWorkspace => ({
  id: "0b6c1f5e-1d1e-4c59-9a51-1f1e3c1a0001",
  referralNumber: "REF-2026-000123",
  status,
  urgencyLevel: "urgent",
  createdAt: "2026-11-21T10:44:00.000Z",
  patient: {
    fullName: "Akosua Boateng",
    phone: "+233245550101",
    call: { display: "+233 24 555 0101", href: "tel:+233245550101", whatsapp: "https://wa.me/233245550101" },
    email: null,
    dateOfBirth: null,
  },
  doctor: { fullName: "Dr Kojo Mensah", specialty: null, call: null },
  facility: { name: "Korle Bu Teaching Hospital", address: "Accra" },
  chiefComplaint: "Chest pain",
  clinicalNotes: null,
  outcomeNote: null,
  rejectionReason: status === "rejected" ? "No bed" : null,
  cancellationReason: null,
  fee: { total: 10000, doctorShare: 7000, platformShare: 3000 },
  payment: null,
  timeline: [],
  attachments: [],
  actions: { transitions: [], mayMessage: status !== "cancelled", mayAttach },
  viewer: { role },
});

const dialog = { subject: null, open: false, opener: null, show: () => {}, onOpenChange: () => {} };
const dialogs = { reject: dialog, complete: dialog, cancel: dialog } as unknown as ReferralDialogState;

describe("Refer to another facility", () => {
  it("is offered to the referring doctor of a rejected or cancelled referral, with the form's address", () => {
    for (const status of ["rejected", "cancelled"] as const) {
      renderInRouter(
        <ReferralActionsPanel referral={referral(status, "doctor")} dialogs={dialogs} onSubmitted={() => {}} />,
      );
      expect(screen.getByRole("link", { name: "Refer to another facility" }).getAttribute("href")).toBe(
        "/referrals/create?from=REF-2026-000123",
      );
      cleanup();
    }
  });

  it("is not offered on an open or completed referral, nor to the facility or a system administrator", () => {
    const cases: Array<[ReferralStatus, Role]> = [
      ["pending", "doctor"],
      ["accepted", "doctor"],
      ["completed", "doctor"],
      ["rejected", "facility_admin"],
      ["cancelled", "facility_admin"],
      ["rejected", "system_admin"],
    ];
    for (const [status, role] of cases) {
      renderInRouter(
        <ReferralActionsPanel referral={referral(status, role)} dialogs={dialogs} onSubmitted={() => {}} />,
      );
      expect(screen.queryByRole("link", { name: "Refer to another facility" })).toBeNull();
      cleanup();
    }
  });
});

const TOLD = { facilityTold: true, adminsAlerted: false };

describe("Sent to {facility}", () => {
  it("tells the referring doctor where a pending referral went, with the way to attach files", () => {
    renderInRouter(<ReferralStatusBanner referral={referral("pending", "doctor")} sent={TOLD} />);
    expect(screen.getByRole("heading", { level: 2, name: "Sent to Korle Bu Teaching Hospital" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "attach files now" }).getAttribute("href")).toBe("#attach-heading");
  });

  it("is not shown to the facility, nor once the facility answered", () => {
    renderInRouter(<ReferralStatusBanner referral={referral("pending", "facility_admin")} sent={TOLD} />);
    expect(screen.queryByRole("heading", { name: /^Sent to/ })).toBeNull();
    cleanup();
    renderInRouter(<ReferralStatusBanner referral={referral("accepted", "doctor")} sent={TOLD} />);
    expect(screen.queryByRole("heading", { name: /^Sent to/ })).toBeNull();
  });
});

describe("a facility no one there could be told of (issue 33)", () => {
  it("never says the facility has been told; says the administrators will phone it", () => {
    renderInRouter(
      <ReferralStatusBanner
        referral={referral("pending", "doctor")}
        sent={{ facilityTold: false, adminsAlerted: true }}
      />,
    );
    expect(screen.queryByText(/The facility has been told/)).toBeNull();
    expect(screen.queryByRole("heading", { name: /^Sent to/ })).toBeNull();
    expect(
      screen.getByRole("heading", { level: 2, name: "Not yet received by Korle Bu Teaching Hospital" }),
    ).toBeTruthy();
    expect(screen.getByText(/no one at the facility has been told/)).toBeTruthy();
    expect(screen.getByText(/Our administrators have been alerted to phone the facility/)).toBeTruthy();
  });

  it("asks the doctor to phone when no administrator could be alerted either", () => {
    renderInRouter(
      <ReferralStatusBanner
        referral={referral("pending", "doctor")}
        sent={{ facilityTold: false, adminsAlerted: false }}
      />,
    );
    expect(screen.getByText(/Please phone the facility to tell them/)).toBeTruthy();
  });
});

describe("numbers on the referral page (issue 33)", () => {
  it("are grouped tel: links that never break inside, with WhatsApp for a mobile: the patient's and the doctor's", () => {
    const r = referral("pending", "facility_admin");
    r.doctor.call = { display: "+233 20 555 0147", href: "tel:+233205550147", whatsapp: "https://wa.me/233205550147" };
    renderInRouter(<ReferralDetails referral={r} />);
    const patient = screen.getByRole("link", { name: "Call Akosua Boateng: +233 24 555 0101" });
    expect(patient.getAttribute("href")).toBe("tel:+233245550101");
    expect(patient.textContent).toBe("+233 24 555 0101");
    expect(patient.className).toContain("whitespace-nowrap");
    expect(screen.getByRole("link", { name: "WhatsApp Akosua Boateng" }).getAttribute("href")).toBe(
      "https://wa.me/233245550101",
    );
    expect(screen.getByRole("link", { name: "Call Dr Kojo Mensah: +233 20 555 0147" }).getAttribute("href")).toBe(
      "tel:+233205550147",
    );
  });
});

describe("the phone's Message button", () => {
  it("links to the message form", () => {
    renderInRouter(<MessageShortcut />);
    expect(screen.getByRole("link", { name: "Message" }).getAttribute("href")).toBe("#message-heading");
  });
});
