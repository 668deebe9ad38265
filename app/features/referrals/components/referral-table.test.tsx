// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { renderInRouter } from "../../../../tests/helpers/render-in-router";
import type { ReferralRow } from "../referrals.server";
import { type ReferralColumn, ReferralTable } from "./referral-table";

afterEach(cleanup);

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
  patient: {
    fullName: "Akosua <Boateng>",
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
  ...over,
});

const ALL: ReferralColumn[] = ["number", "patient", "doctor", "status", "created", "amount"];

function renderTable(
  rows: ReferralRow[],
  {
    columns = ALL,
    caption = "Referrals",
    actions,
  }: { columns?: ReferralColumn[]; caption?: string; actions?: (r: ReferralRow) => ReactNode } = {},
) {
  // Rows link to their page: rendered inside a router.
  return renderInRouter(
    <ReferralTable caption={caption} rows={rows} columns={columns} empty="None" actions={actions} />,
    "/dashboard",
  );
}

/** The table's first data row, as its cells by column header. */
function firstRow(caption: string): Record<string, HTMLElement> {
  const table = screen.getByRole("table", { name: caption });
  const headers = within(table)
    .getAllByRole("columnheader")
    .map((h) => h.textContent ?? "");
  const [, first] = within(table).getAllByRole("row");
  const cells = within(first).getAllByRole("cell");
  expect(cells).toHaveLength(headers.length);
  return Object.fromEntries(headers.map((h, i) => [h, cells[i]]));
}

describe("ReferralTable rows", () => {
  it("shows a row's fields in their columns, text escaped, the same markup each time", () => {
    const { container } = renderTable([row()]);
    const cells = firstRow("Referrals");
    expect(Object.keys(cells)).toEqual(["Referral", "Patient", "Doctor", "Status", "Created", "Amount"]);
    expect(within(cells.Referral).getByRole("link", { name: "REF-2026-000123" })).toBeTruthy();
    // The name is text, not markup.
    expect(within(cells.Patient).getByText("Akosua <Boateng>")).toBeTruthy();
    expect(container.querySelector("boateng")).toBeNull();
    expect(within(cells.Status).getByText("Pending")).toBeTruthy();
    const first = container.innerHTML;
    cleanup();
    expect(renderTable([row()]).container.innerHTML).toBe(first);
  });

  it("shows a row's new content at once: a changed field is rendered anew", () => {
    const { rerender } = renderTable([row()]);
    expect(within(firstRow("Referrals").Status).getByText("Pending")).toBeTruthy();
    rerender(
      <ReferralTable
        caption="Referrals"
        rows={[row({ status: "rejected", rejectionReason: "No capacity" })]}
        columns={ALL}
        empty="None"
      />,
    );
    const status = firstRow("Referrals").Status;
    expect(within(status).getByText("Rejected")).toBeTruthy();
    expect(within(status).getByText("Reason: No capacity")).toBeTruthy();
    expect(screen.queryByText("Pending")).toBeNull();
    cleanup();
    // The same row under other columns shows only those.
    renderTable([row()], { columns: ["number", "status"] });
    expect(Object.keys(firstRow("Referrals"))).toEqual(["Referral", "Status"]);
    expect(screen.queryByText(/Akosua/)).toBeNull();
  });

  it("renders rows with actions every time (their links depend on the address), in an Actions column", () => {
    let calls = 0;
    const actions = () => {
      calls += 1;
      return <a href="?reject=1">Reject</a>;
    };
    const { rerender } = renderTable([row()], { actions });
    expect(within(firstRow("Referrals").Actions).getByRole("link", { name: "Reject" })).toBeTruthy();
    expect(calls).toBe(1);
    rerender(<ReferralTable caption="Referrals" rows={[row()]} columns={ALL} empty="None" actions={actions} />);
    expect(calls).toBe(2);
  });
});

describe("ReferralTable cells (issue 19)", () => {
  it("links each referral number to the referral's page", () => {
    renderTable([row()]);
    const link = screen.getByRole("link", { name: "REF-2026-000123" });
    expect(link.getAttribute("href")).toBe("/referrals/REF-2026-000123");
  });

  it("marks an escalated referral (issue 26) in words on the facility's queue", () => {
    renderTable([row({ escalated: true })], { columns: ["urgency"], caption: "Q" });
    expect(within(firstRow("Q").Urgency).getByText("Escalated")).toBeTruthy();
    cleanup();
    renderTable([row({ escalated: false })], { columns: ["urgency"], caption: "Q" });
    expect(screen.queryByText("Escalated")).toBeNull();
  });

  it("marks an overdue referral in words, not by colour alone", () => {
    renderTable([row({ overdue: true })], { columns: ["urgency"], caption: "Q" });
    expect(within(firstRow("Q").Urgency).getByText("Overdue")).toBeTruthy();
    cleanup();
    renderTable([row({ overdue: false })], { columns: ["urgency"], caption: "Q" });
    expect(within(firstRow("Q").Urgency).getByText("Urgent")).toBeTruthy();
    expect(screen.queryByText("Overdue")).toBeNull();
  });

  it("shows the doctor's share and the payout once completed: Pending, or Paid with method and date", () => {
    const cells = (over: Partial<ReferralRow>) => {
      cleanup();
      renderTable([row(over)], { columns: ["share", "payout"], caption: "Q" });
      return firstRow("Q");
    };
    // No share before the referral is completed.
    const open = cells({});
    expect(open["Your share"].textContent).toBe("—");
    expect(open.Payout.textContent).toBe("—");
    const completed = cells({ status: "completed" });
    expect(completed["Your share"].textContent).toBe("₵70");
    expect(screen.queryByText("₵100")).toBeNull();
    const pending = cells({ status: "completed", payout: { status: "pending", method: null, paidAt: null } });
    expect(pending.Payout.textContent).toBe("Pending");
    const paid = cells({
      status: "completed",
      payout: { status: "paid", method: "Mobile Money", paidAt: "2026-11-20T12:00:00.000Z" },
    });
    expect(within(paid.Payout).getByText("Paid")).toBeTruthy();
    expect(within(paid.Payout).getByText(/^Mobile Money, 20 Nov(ember)? 2026$/)).toBeTruthy();
  });
});

describe("a row's files and new messages (issue 28)", () => {
  it("says how many files and new messages under the number, and nothing when there are none", () => {
    renderTable([row({ activity: { files: 2, newMessages: 1 } })], { caption: "With activity" });
    expect(firstRow("With activity").Referral.textContent).toContain("2 files · 1 new message");
    cleanup();
    renderTable([row({ activity: { files: 1, newMessages: 3 } })], { caption: "Plural" });
    expect(firstRow("Plural").Referral.textContent).toContain("1 file · 3 new messages");
    cleanup();
    renderTable([row({ activity: { files: 0, newMessages: 0 } })], { caption: "Quiet" });
    expect(firstRow("Quiet").Referral.textContent).toBe("REF-2026-000123");
  });
});
