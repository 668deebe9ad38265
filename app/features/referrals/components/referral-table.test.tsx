import type { ReactNode } from "react";
import { renderToString as renderDom } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { ReferralRow } from "../referrals.server";
import { ReferralTable } from "./referral-table";

const row = (over: Partial<ReferralRow> = {}): ReferralRow => ({
  id: "0b6c1f5e-1d1e-4c59-9a51-1f1e3c1a0001",
  referralNumber: "REF-2026-000123",
  status: "pending",
  urgencyLevel: "urgent",
  createdAt: "2026-11-21T10:44:00.000Z",
  acceptedAt: null,
  rejectedAt: null,
  completedAt: null,
  rejectionReason: null,
  chiefComplaint: null,
  clinicalNotes: null,
  referralFee: 10000,
  doctorShare: 7000,
  patient: { fullName: "Akosua <Boateng>", phone: "+233245550101", email: null, dateOfBirth: null },
  facility: { id: "f1", name: "Korle Bu Teaching Hospital", address: "Accra" },
  doctor: { id: "d1", fullName: "Dr Kojo Mensah", specialty: "Cardiology" },
  overdue: false,
  payout: null,
  ...over,
});

/** Rows link to their page: rendered inside a router. */
const renderToString = (node: ReactNode) => renderDom(<MemoryRouter>{node}</MemoryRouter>);

const render = (rows: ReferralRow[], actions?: (r: ReferralRow) => React.ReactNode) =>
  renderToString(
    <ReferralTable
      caption="Referrals"
      rows={rows}
      columns={["number", "patient", "doctor", "status", "created", "amount"]}
      empty="None"
      actions={actions}
    />,
  );

describe("ReferralTable rows rendered once per content", () => {
  it("renders a kept row exactly as the first time, escaped", () => {
    const first = render([row()]);
    expect(first).toContain("Akosua &lt;Boateng&gt;");
    expect(first).toContain("REF-2026-000123");
    expect(first).toContain("Pending");
    expect(render([row()])).toBe(first);
  });

  it("shows a row's new content at once: a changed field is another key", () => {
    const pending = render([row()]);
    const rejected = render([row({ status: "rejected", rejectionReason: "No capacity" })]);
    expect(pending).toContain("Pending");
    expect(rejected).toContain("Rejected");
    expect(rejected).toContain("Reason: No capacity");
    expect(rejected).not.toContain("Pending");
    // The same row under other columns is not the kept markup either.
    const narrow = renderToString(
      <ReferralTable caption="Referrals" rows={[row()]} columns={["number", "status"]} empty="None" />,
    );
    expect(narrow).not.toContain("Akosua");
  });

  it("renders rows with actions every time (their links depend on the address)", () => {
    let calls = 0;
    const actions = () => {
      calls += 1;
      return <a href="?reject=1">Reject</a>;
    };
    render([row()], actions);
    render([row()], actions);
    expect(calls).toBe(2);
  });
});

describe("ReferralTable cells (issue 19)", () => {
  it("links each referral number to the referral's page", () => {
    const html = render([row()]);
    expect(html).toContain('href="/referrals/REF-2026-000123"');
  });

  it("marks an overdue referral in words, not by colour alone", () => {
    const cells = (over: Partial<ReferralRow>) =>
      renderToString(<ReferralTable caption="Q" rows={[row(over)]} columns={["urgency"]} empty="None" />);
    expect(cells({ overdue: true })).toContain("Overdue");
    expect(cells({ overdue: false })).not.toContain("Overdue");
  });

  it("shows the doctor's share and the payout: Pending, or Paid with method and date", () => {
    const cells = (over: Partial<ReferralRow>) =>
      renderToString(<ReferralTable caption="Q" rows={[row(over)]} columns={["share", "payout"]} empty="None" />);
    expect(cells({})).toContain("₵70");
    expect(cells({})).not.toContain("₵100");
    const pending = cells({ status: "completed", payout: { status: "pending", method: null, paidAt: null } });
    expect(pending).toContain("Pending");
    const paid = cells({
      status: "completed",
      payout: { status: "paid", method: "Mobile Money", paidAt: "2026-11-20T12:00:00.000Z" },
    });
    expect(paid).toContain("Paid");
    expect(paid).toContain("Mobile Money");
    expect(paid).toMatch(/20 Nov(ember)? 2026/);
  });
});
