import { inflateSync } from "node:zlib";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ANONYMOUS } from "~/auth/actor";
import { type Actor, actorById } from "~/auth/actor.server";
import { auditEvents, paymentRecords } from "~/db/schema";
import { postEntry } from "~/features/ledger/ledger.server";
import { recordPayment } from "~/features/payments/payments.server";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility, statusOf } from "../../../tests/helpers/domain";
import { completeReferralFor } from "../../../tests/helpers/money";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { statementCsv, statementPdfFile } from "./statement.server";
import { ghs, monthName, statementPdf } from "./statement-pdf.server";

vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");
vi.stubEnv("E2E_RELAXED_RATE_LIMITS", "1");

/**
 * The text a pdf-lib PDF shows, line by line: each content stream inflated, each `<hex> Tj` decoded
 * (pdf-lib writes standard-font text as hex strings), one string per drawn text, in drawing order.
 */
function pdfText(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes).toString("latin1");
  const out: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, "latin1")).toString("latin1");
    } catch {
      content = match[1]!;
    }
    for (const text of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      out.push(Buffer.from(text[1]!, "hex").toString("latin1"));
    }
  }
  return out;
}

let h: TestDatabase;
let doctor: Actor & { kind: "user" };
let otherDoctor: Actor;
let facilityAdmin: Actor;
let systemAdmin: Actor;
let facilityId: string;
const month = new Date().toISOString().slice(0, 7);
const referralNumbers: string[] = [];
let otherNumber = "";

beforeAll(async () => {
  h = await createTestDb({ workers: false });
  facilityId = await insertFacility(h.db, "statement-hospital", "Statement Hospital");
  const doctorId = (await createAccount(h.db, { role: "doctor", approved: true })).id;
  doctor = (await actorById(h.db, doctorId)) as Actor & { kind: "user" };
  otherDoctor = await actorById(h.db, (await createAccount(h.db, { role: "doctor", approved: true })).id);
  facilityAdmin = await actorById(
    h.db,
    (await createAccount(h.db, { role: "facility_admin", approved: true, facilityId })).id,
  );
  systemAdmin = await actorById(h.db, (await createAccount(h.db, { role: "system_admin", approved: true })).id);
  // ₵70 earned before this month: the opening balance.
  const start = new Date(`${month}-01T00:00:00Z`);
  await postEntry(h.db, {
    idempotencyKey: `statement-test:before:${doctorId}`,
    kind: "referral_completed",
    memo: "Earned last month",
    at: new Date(start.getTime() - 5 * 86_400_000),
    lines: [
      { account: { kind: "cash" }, amount: 10_000 },
      { account: { doctorId }, amount: -7_000 },
      { account: { kind: "platform_revenue" }, amount: -3_000 },
    ],
  });
  // This month: two referrals completed (₵70 each), one of them paid at the desk.
  for (let i = 0; i < 2; i++) {
    referralNumbers.push((await completeReferralFor(h.db, { doctorId, facilityId, facilityAdmin })).referralNumber);
  }
  otherNumber = (await completeReferralFor(h.db, { doctorId: idOf(otherDoctor), facilityId, facilityAdmin }))
    .referralNumber;
  const [record] = await h.db.select().from(paymentRecords).where(eq(paymentRecords.doctorId, doctorId)).limit(1);
  await recordPayment(h.db, systemAdmin, { paymentId: record!.id, payment_method: "Cash", payment_reference: "D-9" });
}, 180_000);

afterAll(async () => {
  await h?.drop();
});

function idOf(actor: Actor): string {
  return actor.kind === "user" ? actor.id : "";
}

describe("the doctor's monthly statement as PDF", () => {
  it("shows the doctor's name, the month, opening and closing balances and every line with its running balance", async () => {
    const file = await statementPdfFile(h.db, doctor, month);
    expect(file.filename).toBe(`statement-${month}.pdf`);
    expect(Buffer.from(file.body.slice(0, 5)).toString("latin1")).toBe("%PDF-");
    const text = pdfText(file.body);
    expect(text).toContain(`Doctor: ${doctor.fullName}`);
    expect(text).toContain(`Statement for ${monthName(month)}`);
    // Opening ₵70, +70, +70, −70 paid at the desk: closing ₵140; the same figures as the CSV.
    const from = text.indexOf("Opening balance");
    expect(text.slice(from, from + 3)).toEqual(["Opening balance", "", "70.00"]);
    for (const number of referralNumbers) expect(text).toContain(number);
    const balances = text.filter((t) => /^-?[\d,]+\.\d{2}$/.test(t));
    expect(balances).toEqual(["70.00", "70.00", "140.00", "70.00", "210.00", "-70.00", "140.00", "140.00"]);
    expect(text).toContain("Paid outside the product");
    expect(text.at(text.indexOf("Closing balance") + 2)).toBe("140.00");
    const csv = await statementCsv(h.db, doctor, month);
    expect(csv.body).toContain(",,Closing balance,,,140.00");
    // No other doctor's referral shows.
    expect(text).not.toContain(otherNumber);
    const audits = await h.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "payout.statement_downloaded"), eq(auditEvents.reason, `${month} (PDF)`)));
    expect(audits).toHaveLength(1);
  });

  it("another doctor's PDF has only their own money; other roles and a bad month are refused", async () => {
    const theirs = pdfText((await statementPdfFile(h.db, otherDoctor, month)).body);
    for (const number of referralNumbers) expect(theirs).not.toContain(number);
    expect(theirs).toContain(otherNumber);
    expect(theirs).not.toContain(`Doctor: ${doctor.fullName}`);
    expect(await statusOf(statementPdfFile(h.db, facilityAdmin, month))).toBe(403);
    expect(await statusOf(statementPdfFile(h.db, systemAdmin, month))).toBe(403);
    expect(await statusOf(statementPdfFile(h.db, ANONYMOUS, month))).toBe(401);
    expect(await statusOf(statementPdfFile(h.db, doctor, "January"))).toBe(400);
  });

  it("writes amounts in GHS with thousands separators and a name it cannot draw with '?'", async () => {
    const pdf = await statementPdf({
      network: "Network",
      doctorName: "Dr Ọlá 张",
      month: "2026-02",
      openingBalance: 0,
      closingBalance: 0,
      lines: [],
    });
    expect(pdfText(pdf)).toContain("Doctor: Dr ?lá ?");
    expect(ghs(123_456_789)).toBe("1,234,567.89");
    expect(ghs(-7_000)).toBe("-70.00");
    expect(ghs(0)).toBe("0.00");
    expect(monthName("2026-02")).toBe("February 2026");
  });
});
