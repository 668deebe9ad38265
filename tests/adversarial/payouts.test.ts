import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payoutDetails, payoutRuns, payoutTransfers } from "~/db/schema";
import { postEntry } from "~/features/ledger/ledger.server";
import { sendTransfer } from "~/features/payouts/payout-transfers.server";
import { paystackProvider } from "~/features/payouts/paystack.server";
import { IDEMPOTENCY_FIELD } from "~/lib/idempotency";
import { type PaystackFake, startPaystackFake } from "../helpers/fake-providers/paystack";
import { type BuiltApp, loadBuiltApp } from "./built-app";
import { signedIn } from "./referral-fixtures";

/*
 * Payouts through the production build (decision 026): the screens render with real data, a run is
 * prepared by one system administrator and approved by another over HTTP, the transfer goes to the
 * fake Paystack, and the signed webhook reaches /webhooks/paystack through the whole stack
 * (headers, cross-site check, body limit): forged 401, replay 200 and no change.
 */
let app: BuiltApp;
let fake: PaystackFake;
let doctor: Awaited<ReturnType<typeof signedIn>>;
let otherDoctor: Awaited<ReturnType<typeof signedIn>>;
let preparer: Awaited<ReturnType<typeof signedIn>>;
let approver: Awaited<ReturnType<typeof signedIn>>;
const sameSite = { "Sec-Fetch-Site": "same-origin" };
const idOf = (a: { actor: { kind: string } }) => (a.actor as unknown as { id: string }).id;

const post = (path: string, cookie: string, body: Record<string, string>) =>
  app.request(path, { method: "POST", headers: { ...sameSite, Cookie: cookie }, body: new URLSearchParams(body) });
const get = (path: string, cookie: string) => app.request(path, { headers: { Cookie: cookie } });
/** A page's HTML without React's text separators (<!-- -->), as a reader sees its words. */
const html = async (response: Promise<Response>) => (await (await response).text()).replaceAll("<!-- -->", "");

beforeAll(async () => {
  fake = await startPaystackFake();
  app = await loadBuiltApp({ PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_BASE_URL: fake.url, JOB_WORKERS: "false" });
  doctor = await signedIn(app, "doctor", undefined, { fullName: "Dr Ama Payout" });
  otherDoctor = await signedIn(app, "doctor");
  preparer = await signedIn(app, "system_admin");
  approver = await signedIn(app, "system_admin");
  await app.db.insert(payoutDetails).values({
    doctorId: idOf(doctor),
    method: "mobile_money",
    network: "TELECEL",
    accountNumber: "+233205550147",
    accountName: "Dr Ama Payout",
    holdUntil: new Date(Date.now() - 3600_000),
    updatedAt: new Date(Date.now() - 7200_000),
  });
  await postEntry(app.db, {
    idempotencyKey: "payouts-test:earned",
    kind: "referral_completed",
    memo: "Earned",
    lines: [
      { account: { kind: "cash" }, amount: 14_000 },
      { account: { doctorId: idOf(doctor) }, amount: -14_000 },
    ],
  });
});

afterAll(async () => {
  await app?.close();
  await fake?.close();
});

describe("payouts through the built app", () => {
  let runPath: string;
  let reference: string;

  it("one administrator prepares a run; only another may approve it", async () => {
    // A double tap (one form key, decision 026): both answers go to the one run prepared.
    const key = `prepare-key-${Date.now()}`;
    const prepare = () =>
      post("/dashboard/system-admin/payouts", preparer.cookie, { intent: "prepare", [IDEMPOTENCY_FIELD]: key });
    const [prepared, again] = await Promise.all([prepare(), prepare()]);
    expect([prepared.status, again.status]).toEqual([302, 302]);
    runPath = prepared.headers.get("location") ?? "";
    expect(runPath).toMatch(/^\/dashboard\/system-admin\/payouts\/[0-9a-f-]{36}$/);
    expect(again.headers.get("location")).toBe(runPath);
    expect(await app.db.select().from(payoutRuns)).toHaveLength(1);
    // A new post (another key) while that run waits is refused with the reason.
    expect((await post("/dashboard/system-admin/payouts", preparer.cookie, { intent: "prepare" })).status).toBe(409);
    const [transfer] = await app.db
      .select()
      .from(payoutTransfers)
      .where(eq(payoutTransfers.doctorId, idOf(doctor)));
    reference = transfer!.reference;
    const seenByPreparer = await html(get(runPath, preparer.cookie));
    expect(seenByPreparer).toContain("You prepared this run: a second system administrator must approve it.");
    expect(seenByPreparer).toContain(reference);
    expect(seenByPreparer).toContain("Telecel Cash •••• 0147");
    expect(await html(get(runPath, approver.cookie))).toContain("Approve and send ₵140");
    // With PAYSTACK_SECRET_KEY set, the run page does not say payouts are not configured (point 8 of the
    // outside UX review).
    expect(seenByPreparer).not.toContain("Payouts are not configured");
    expect((await post(runPath, preparer.cookie, { intent: "approve" })).status).toBe(403);
    const approved = await post(runPath, approver.cookie, { intent: "approve" });
    expect(approved.status).toBe(200);
    expect(await approved.text()).toContain("Payout run approved");
  });

  it("the transfer goes to Paystack; its signed webhook settles it, a forged one is refused", async () => {
    const [transfer] = await app.db.select().from(payoutTransfers).where(eq(payoutTransfers.reference, reference));
    await sendTransfer(app.db, paystackProvider({ secretKey: fake.secretKey, baseUrl: fake.url }), transfer!.id);
    expect(fake.transfers.get(reference)?.amount).toBe(14_000);
    const forged = fake.webhook(reference, "transfer.success", { forge: true });
    expect(
      (await app.request("/webhooks/paystack", { method: "POST", headers: forged.headers, body: forged.body })).status,
    ).toBe(401);
    const signed = fake.settle(reference, "success");
    const first = await app.request("/webhooks/paystack", {
      method: "POST",
      headers: signed.headers,
      body: signed.body,
    });
    expect([first.status, await first.text()]).toEqual([200, "applied success"]);
    const again = await app.request("/webhooks/paystack", {
      method: "POST",
      headers: signed.headers,
      body: signed.body,
    });
    expect([again.status, await again.text()]).toEqual([200, "replayed"]);
    expect((await app.request("/webhooks/paystack")).status).toBe(405);
  });

  it("the doctor sees the payout and the statement; no one else's money shows", async () => {
    const page = await html(get("/dashboard/doctor/payouts", doctor.cookie));
    expect(page).toContain(reference);
    expect(page).toContain("Paid");
    expect(page).toMatch(/Balance owed to you[\s\S]*₵0/);
    const month = new Date().toISOString().slice(0, 7);
    const csv = await get(`/dashboard/doctor/payouts/statement.csv?month=${month}`, doctor.cookie);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the byte-order mark
    const text = new TextDecoder().decode(bytes);
    expect(text.split("\r\n").slice(0, 5)).toEqual([
      "Date (UTC),Referral,Description,Credit (GHS),Debit (GHS),Balance (GHS)",
      `${month}-01,,Opening balance,,,0.00`,
      expect.stringMatching(/^\d{4}-\d{2}-\d{2},,Referral completed,140\.00,,140\.00$/),
      expect.stringMatching(/^\d{4}-\d{2}-\d{2},,Payout sent,,140\.00,0\.00$/),
      ",,Closing balance,,,0.00",
    ]);
    const others = await html(get("/dashboard/doctor/payouts", otherDoctor.cookie));
    expect(others).not.toContain(reference);
    expect(others).not.toContain("140");
  });

  it("the trial balance balances; reconciliation runs and shows its day", async () => {
    expect(await html(get("/dashboard/system-admin/payouts/ledger", approver.cookie))).toContain(
      "The ledger balances: debits equal credits.",
    );
    expect(
      (await post("/dashboard/system-admin/payouts/reconciliation", approver.cookie, { intent: "reconcile" })).status,
    ).toBe(200);
    const list = await html(get("/dashboard/system-admin/payouts", approver.cookie));
    expect(list).toContain("Paid 1");
  });
});
