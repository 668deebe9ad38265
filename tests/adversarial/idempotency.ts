import { and, count, eq } from "drizzle-orm";
import { expect } from "vitest";
import { contactMessages, referralMessages, referrals } from "~/db/schema";
import { createReferral } from "~/features/referrals/referral-create.server";
import type { BuiltApp } from "./built-app";
import { referralForm, signedIn } from "./referral-fixtures";

/**
 * One submission, one record (decision 027), at the HTTP level on the production build: 50 posts of
 * one form with one idempotency key, all at the same moment, create one record, and every one of
 * them gets the first post's answer (the same redirect, the same status and data).
 */
const CONCURRENT = 50;
const key = (form: string) => `${form}.${crypto.randomUUID()}`;

async function firstFacility(app: BuiltApp): Promise<string> {
  const html = await (await app.request("/auth?tab=register")).text();
  const id = html.match(/<option value="([0-9a-f-]{36})"/)?.[1];
  if (!id) throw new Error("no facility in the register form");
  return id;
}

function post(app: BuiltApp, path: string, body: URLSearchParams, cookie?: string, ip?: string) {
  return app.request(path, {
    method: "POST",
    body,
    ip,
    headers: { "Sec-Fetch-Site": "same-origin", Origin: app.origin, ...(cookie ? { Cookie: cookie } : {}) },
    redirect: "manual",
  });
}

export async function concurrentPostsCreateOnce(app: BuiltApp): Promise<void> {
  const facilityId = await firstFacility(app);
  const doctor = await signedIn(app, "doctor");

  // A referral: 50 posts, one key.
  const patient = `Concurrent ${Date.now().toString(36)}`;
  const form = referralForm(facilityId, patient);
  form.set("idempotency_key", key("referral"));
  const answers = await Promise.all(
    Array.from({ length: CONCURRENT }, () => post(app, "/referrals/create", form, doctor.cookie)),
  );
  expect(new Set(answers.map((a) => a.status))).toEqual(new Set([302]));
  // One location for all: the one referral's page.
  const locations = new Set(answers.map((a) => a.headers.get("location")));
  expect(locations.size).toBe(1);
  expect([...locations][0]).toMatch(/^\/referrals\/REF-\d{4}-\d{6,}$/);
  // Every answer carries the first one's toast (the flash cookie: "Referral Created").
  expect(answers.every((a) => a.headers.getSetCookie().some((c) => c.startsWith("qh_flash=")))).toBe(true);
  const [{ n }] = await app.db.select({ n: count() }).from(referrals).where(eq(referrals.patientName, patient));
  expect(n).toBe(1);

  // A contact message from a visitor: 50 posts, one key, from 50 addresses (as behind carrier NAT changes).
  const subjectLine = `Concurrent contact ${Date.now().toString(36)}`;
  const contact = new URLSearchParams({
    name: "Ama Mensah",
    email: "ama@example.test",
    phone: "",
    subject: "general",
    message: subjectLine,
    idempotency_key: key("contact"),
  });
  const sent = await Promise.all(Array.from({ length: CONCURRENT }, () => post(app, "/contact", contact)));
  expect(new Set(sent.map((a) => a.status))).toEqual(new Set([200]));
  // Every visitor's page says it was sent (the first post's answer), none says "already sent".
  for (const body of await Promise.all(sent.map((a) => a.text()))) expect(body).toContain("Message Sent!");
  const [{ m }] = await app.db
    .select({ m: count() })
    .from(contactMessages)
    .where(eq(contactMessages.message, subjectLine));
  expect(m).toBe(1);

  // A message on a referral (React's fetcher post: the answer is data): 50 posts, one key.
  const made = await createReferral(app.db, doctor.actor, Object.fromEntries(referralForm(facilityId)));
  const text = `Concurrent message ${Date.now().toString(36)}`;
  const message = new URLSearchParams({
    intent: "message",
    referralId: made.id,
    body: text,
    idempotency_key: key("message"),
  });
  const posted = await Promise.all(
    Array.from({ length: CONCURRENT }, () => post(app, `/referrals/${made.referralNumber}`, message, doctor.cookie)),
  );
  expect(new Set(posted.map((a) => a.status))).toEqual(new Set([200]));
  const [{ k }] = await app.db
    .select({ k: count() })
    .from(referralMessages)
    .where(and(eq(referralMessages.referralId, made.id), eq(referralMessages.body, text)));
  expect(k).toBe(1);
}
