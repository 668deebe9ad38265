import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, facilities, messages } from "~/db/schema";
import { type BuiltApp, loadBuiltApp } from "./built-app";
import { signedIn } from "./referral-fixtures";

/*
 * The Messages screen (decision 024) through the production build: its page, its data request (what
 * React Router fetches when JavaScript runs) and its Retry post, as a system administrator and as
 * everyone else. Only an approved system administrator sees a message or queues one again; a
 * doctor, a facility administrator, a system administrator awaiting approval and no one signed in
 * are refused on the server (401 or 403), see no recipient, and change nothing.
 */

let app: BuiltApp;
type Who = "anonymous" | "doctor" | "facilityAdmin" | "pendingSystemAdmin" | "systemAdmin" | "otherSystemAdmin";
const cookies = {} as Record<Who, string | null>;
let failedId: string;
let sentId: string;

const PATH = "/dashboard/system-admin/messages";
const REFUSED: Array<[Who, number]> = [
  ["anonymous", 401],
  ["doctor", 403],
  ["facilityAdmin", 403],
  ["pendingSystemAdmin", 403],
];

async function send(who: Who, path: string, body?: Record<string, string>) {
  const headers = new Headers();
  if (cookies[who]) headers.set("Cookie", cookies[who]!);
  if (body) {
    headers.set("Sec-Fetch-Site", "same-origin");
    headers.set("Origin", app.origin);
  }
  const response = await app.request(path, {
    method: body ? "POST" : "GET",
    headers,
    body: body ? new URLSearchParams(body) : undefined,
    redirect: "manual",
  });
  return { status: response.status, text: (await response.text()).replaceAll("<!-- -->", "") };
}

const statusOf = async (id: string) => (await app.db.select().from(messages).where(eq(messages.id, id)))[0]!.status;
const jobsOf = async (id: string) =>
  (
    await app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'send-message' and data->>'messageId' = ${id}`,
    )
  ).rows[0]!.n;
const retries = async () =>
  (await app.db.select().from(auditEvents).where(eq(auditEvents.action, "message.retried"))).length;

beforeAll(async () => {
  app = await loadBuiltApp({ JOB_WORKERS: "false" });
  const [facility] = await app.db.select({ id: facilities.id }).from(facilities).limit(1);
  cookies.anonymous = null;
  cookies.doctor = (await signedIn(app, "doctor")).cookie;
  cookies.facilityAdmin = (await signedIn(app, "facility_admin", facility!.id)).cookie;
  cookies.pendingSystemAdmin = (await signedIn(app, "system_admin", undefined, { approved: false })).cookie;
  cookies.systemAdmin = (await signedIn(app, "system_admin")).cookie;
  cookies.otherSystemAdmin = (await signedIn(app, "system_admin")).cookie;
  const rows = await app.db
    .insert(messages)
    .values([
      {
        channel: "sms",
        recipient: "+233205550147",
        event: "referral.created",
        status: "failed",
        attempts: 3,
        lastError: "no_credit: Insufficient balance",
        payload: { text: "New referral REF-2026-000001" },
      },
      {
        channel: "email",
        recipient: "ama.sent@example.com",
        event: "account.approved",
        status: "sent",
        attempts: 1,
        payload: null,
      },
    ])
    .returning({ id: messages.id });
  failedId = rows[0]!.id;
  sentId = rows[1]!.id;
});

afterAll(async () => {
  await app?.close();
});

describe("the Messages screen through the built app", () => {
  it("a system administrator sees every message, masked, filtered on the server", async () => {
    const page = await send("systemAdmin", PATH);
    expect(page.status).toBe(200);
    expect(page.text).toContain("+233 ••• •• 0147");
    expect(page.text).toContain("a•••@example.com");
    expect(page.text).toContain("no_credit: Insufficient balance");
    expect(page.text).not.toContain("205550147");
    expect(page.text).not.toContain("ama.sent@");
    const failedSms = await send("systemAdmin", `${PATH}?status=failed&channel=sms`);
    expect(failedSms.text).toContain("+233 ••• •• 0147");
    expect(failedSms.text).not.toContain("a•••@example.com");
    const sentEmail = await send("systemAdmin", `${PATH}?status=sent&channel=email`);
    expect(sentEmail.text).toContain("a•••@example.com");
    expect(sentEmail.text).not.toContain("+233 ••• •• 0147");
    // Unknown filter values are ignored, never a 5xx.
    expect((await send("systemAdmin", `${PATH}?status=%00&channel=fax&page=-3`)).status).toBe(200);
    const data = await send("systemAdmin", `${PATH}.data?status=failed`);
    expect(data.status).toBe(200);
    expect(data.text).toContain("+233 ••• •• 0147");
  });

  it.each(REFUSED)("%s is refused the page and its data request (%i), and sees no message", async (who, status) => {
    for (const path of [PATH, `${PATH}?status=failed`, `${PATH}.data`, `${PATH}.data?status=failed&channel=sms`]) {
      const answer = await send(who, path);
      expect(answer.status, `${who} ${path}`).toBe(status);
      expect(answer.text).not.toContain("0147");
      expect(answer.text).not.toContain(failedId);
      expect(answer.text).not.toContain("Insufficient balance");
    }
  });

  it.each(REFUSED)(
    "%s is refused Retry (%i), as a form post and a data request; nothing changes",
    async (who, status) => {
      for (const path of [PATH, `${PATH}.data`]) {
        const answer = await send(who, path, { intent: "retry", messageId: failedId });
        expect(answer.status, `${who} POST ${path}`).toBe(status);
      }
      expect(await statusOf(failedId)).toBe("failed");
      expect(await jobsOf(failedId)).toBe(0);
      expect(await retries()).toBe(0);
    },
  );

  it("Retry: a sent message is refused with the reason; nonsense is a 400 or 404; a failed one is queued again once", async () => {
    const sent = await send("systemAdmin", PATH, { intent: "retry", messageId: sentId });
    expect(sent.status).toBe(409);
    expect(sent.text).toContain("Only a failed or undelivered message can be sent again; this one is sent.");
    expect((await send("systemAdmin", PATH, { intent: "resend", messageId: failedId })).status).toBe(400);
    expect((await send("systemAdmin", PATH, { intent: "retry", messageId: "not-an-id" })).status).toBe(404);
    expect((await send("systemAdmin", PATH, { intent: "retry" })).status).toBe(404);
    expect(await retries()).toBe(0);

    const retried = await send("systemAdmin", `${PATH}?status=failed`, { intent: "retry", messageId: failedId });
    expect(retried.status).toBe(200);
    expect(retried.text).toContain("Message Queued Again");
    expect(retried.text).toContain("The SMS to +233 ••• •• 0147 will be sent again shortly.");
    expect(await statusOf(failedId)).toBe("queued");
    expect(await jobsOf(failedId)).toBe(1);
    // Another administrator's post finds it queued already.
    const again = await send("otherSystemAdmin", PATH, { intent: "retry", messageId: failedId });
    expect(again.status).toBe(409);
    expect(again.text).toContain("this one is queued.");
    expect(await jobsOf(failedId)).toBe(1);
    expect(await retries()).toBe(1);
  });
});
