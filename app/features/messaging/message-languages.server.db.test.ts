import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { actorById } from "~/auth/actor.server";
import { messages, notificationPreferences, users } from "~/db/schema";
import { registerAccount, requestPasswordReset } from "~/features/accounts/accounts.server";
import { approveAccount } from "~/features/accounts/approval.server";
import { myMessageLanguages, saveMessageLanguages } from "~/features/notifications/message-language.server";
import { requestPhoneCode } from "~/features/phones/public.server";
import { createReferral } from "~/features/referrals/referral-create.server";
import { transitionReferral } from "~/features/referrals/referral-transitions.server";
import { refusalOf } from "~/lib/refusal";
import { countSegments } from "~/lib/sms-text";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility } from "../../../tests/helpers/domain";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";

/*
 * Decision 048: people get their messages in their language. A facility administrator who chose
 * French gets the new referral's SMS and email in French; one who chose Twi for SMS gets a Twi SMS
 * within 2 parts (and English email); a registration on a French page records French and its
 * confirmation email is French; the choice is saved on the account, refused when not offered.
 */

vi.stubEnv("APP_URL", "https://care.example.org");
vi.stubEnv("E2E_RELAXED_RATE_LIMITS", "");
vi.stubEnv("DEFAULT_QUIET_HOURS", "off");

let h: TestDatabase;
let facility: string;
let french: string;
let twi: string;

async function adminWithPhone(fullName: string, phone: string, email: string) {
  const id = (
    await createAccount(h.db, { role: "facility_admin", approved: true, fullName, email, facilityId: facility })
  ).id;
  await h.db.update(users).set({ confirmedPhone: phone, phoneConfirmedAt: new Date() }).where(eq(users.id, id));
  await h.db.insert(notificationPreferences).values({
    userId: id,
    channels: { "referral.new": ["email", "sms"], "referral.message": ["email", "sms"] },
    quietStart: null,
    quietEnd: null,
  });
  return id;
}

const sent = (recipient: string, channel: "email" | "sms") =>
  h.db
    .select({ payload: messages.payload, event: messages.event })
    .from(messages)
    .where(and(eq(messages.recipient, recipient), eq(messages.channel, channel)));

beforeAll(async () => {
  h = await createTestDb({ workers: false });
  facility = await insertFacility(h.db, "clinique-saint-joseph", "Clinique Saint-Joseph d’Abidjan");
  french = await adminWithPhone("Awa Traoré", "+233205550101", "awa.traore@example.test");
  twi = await adminWithPhone("Kwabena Ɔwusu", "+233205550102", "kwabena@example.test");
  const actorOf = async (id: string) => {
    const actor = await actorById(h.db, id);
    if (actor.kind !== "user") throw new Error("no actor");
    return actor;
  };
  await saveMessageLanguages(h.db, await actorOf(french), { intent: "language", language: "fr", sms_language: "same" });
  await saveMessageLanguages(h.db, await actorOf(twi), { intent: "language", language: "en", sms_language: "ak" });
});
afterAll(() => h?.drop());

describe("a new referral, told in each administrator's language", () => {
  let number: string;
  beforeAll(async () => {
    const doctor = await actorById(h.db, (await createAccount(h.db, { approved: true, role: "doctor" })).id);
    const referral = await createReferral(h.db, doctor, {
      facility_id: facility,
      patient_name: "Yaw Mensah",
      patient_phone: "0241234567",
      chief_complaint: "Chest pain on exertion",
      urgency_level: "urgent",
    });
    number = referral.referralNumber;
  });

  it("the administrator who chose French gets the SMS and the email in French", async () => {
    const [sms] = await sent("+233205550101", "sms");
    const text = String(sms!.payload!.text);
    expect(text).toBe(
      `Qurhealth : nouvelle orientation URGENTE ${number}. https://care.example.org/referrals/${number}`,
    );
    expect(countSegments(text)).toMatchObject({ encoding: "GSM-7", segments: 1 });
    const [mail] = await sent("awa.traore@example.test", "email");
    expect(mail!.payload).toMatchObject({ subject: `Nouvelle orientation ${number}` });
    const body = String(mail!.payload!.text);
    expect(body).toContain(`Votre établissement a reçu une nouvelle orientation, ${number}, via Qurhealth.`);
    expect(body).toContain("Connectez-vous pour l’examiner");
    expect(body).toContain(`Ouvrir l’orientation ${number}\u00a0:\nhttps://care.example.org/referrals/${number}`);
    expect(String(mail!.payload!.html)).toContain("Si le bouton ne fonctionne pas");
    // Never patient or clinical text, in any language.
    for (const words of [text, body]) expect(words).not.toMatch(/Yaw|Mensah|Chest/);
  });

  it("the administrator who chose Twi for SMS gets a Twi SMS within 2 parts, and English email", async () => {
    const [sms] = await sent("+233205550102", "sms");
    const text = String(sms!.payload!.text);
    expect(text).toBe(`Qurhealth: referral foforɔ a ɛhia ntɛm ${number}. https://care.example.org/referrals/${number}`);
    expect(countSegments(text)).toMatchObject({ encoding: "UCS-2", segments: 2 });
    const [mail] = await sent("kwabena@example.test", "email");
    expect(mail!.payload).toMatchObject({ subject: `New referral ${number}` });
  });

  it("an outcome reaches the doctor in their language too", async () => {
    const doctorId = (await createAccount(h.db, { approved: true, role: "doctor", email: "dr.kone@example.test" })).id;
    await h.db.update(users).set({ language: "fr" }).where(eq(users.id, doctorId));
    const doctor = await actorById(h.db, doctorId);
    const referral = await createReferral(h.db, doctor, {
      facility_id: facility,
      patient_name: "Adjoa Boateng",
      patient_phone: "0241234567",
      chief_complaint: "Headache",
      urgency_level: "routine",
    });
    await transitionReferral(h.db, await actorById(h.db, french), referral.id, "accept");
    const [mail] = await sent("dr.kone@example.test", "email");
    expect(mail!.payload).toMatchObject({ subject: `Orientation ${referral.referralNumber} acceptée` });
    expect(String(mail!.payload!.text)).toContain("a été acceptée par l’établissement receveur");
  });
});

describe("registration and account mail in French", () => {
  it("a registration from a French page records French and sends the confirmation in French", async () => {
    const email = "dr.diallo@example.test";
    const input = {
      full_name: "Mariam Diallo",
      email,
      phone: "0241234567",
      password: "Kenkey-Harbour-Lamp-7",
      role: "doctor" as const,
      specialty: "Cardiology",
      facility_id: null,
      mdc_number: "MDC/RN/54321",
      hefra_licence: null,
    };
    expect(await registerAccount(h.db, input, { ip: "192.0.2.10", locale: "fr" })).toEqual({ ok: true });
    const [user] = await h.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ language: "fr", smsLanguage: null });
    const [mail] = await sent(email, "email");
    expect(mail!.payload).toMatchObject({ subject: "Confirmez votre adresse e-mail pour Qurhealth" });
    expect(String(mail!.payload!.text)).toMatch(/^Bonjour,\n\nMerci de votre inscription sur Qurhealth\./);
    // Its link lands on the French pages.
    expect(String(mail!.payload!.text)).toMatch(/https:\/\/care\.example\.org\/auth\/verify\?token=\S+&lang=fr/);
  });

  it("an English page records English", async () => {
    const email = "dr.owusu@example.test";
    await registerAccount(
      h.db,
      {
        full_name: "Kofi Owusu",
        email,
        phone: "0241234567",
        password: "Kenkey-Harbour-Lamp-7",
        role: "doctor",
        specialty: "Cardiology",
        facility_id: null,
        mdc_number: "MDC/RN/54322",
        hefra_licence: null,
      },
      { ip: "192.0.2.11" },
    );
    const [user] = await h.db.select({ language: users.language }).from(users).where(eq(users.email, email));
    expect(user!.language).toBe("en");
    expect((await sent(email, "email"))[0]!.payload).toMatchObject({
      subject: "Confirm your email address for Qurhealth",
    });
  });

  it("a password reset is in French for a French account, and opens the French page", async () => {
    const id = (await createAccount(h.db, { role: "doctor", approved: true, email: "dr.kouassi@example.test" })).id;
    await h.db.update(users).set({ language: "fr" }).where(eq(users.id, id));
    expect(await requestPasswordReset(h.db, "dr.kouassi@example.test", { ip: "192.0.2.12" })).toEqual({ ok: true });
    const [mail] = await sent("dr.kouassi@example.test", "email");
    expect(mail!.payload).toMatchObject({ subject: "Réinitialisez votre mot de passe Qurhealth" });
    expect(String(mail!.payload!.text)).toContain("https://care.example.org/fr/reset-password#type=recovery");
  });

  it("the approval mail is in the account's language", async () => {
    const id = (await createAccount(h.db, { role: "doctor", email: "dr.sow@example.test" })).id;
    await h.db.update(users).set({ language: "fr" }).where(eq(users.id, id));
    const admin = await actorById(h.db, (await createAccount(h.db, { role: "system_admin", approved: true })).id);
    await approveAccount(h.db, admin, id);
    const [mail] = await sent("dr.sow@example.test", "email");
    expect(mail!.payload).toMatchObject({ subject: "Votre compte Qurhealth est approuvé" });
  });

  it("a phone code comes in the account's SMS language", async () => {
    const id = (await createAccount(h.db, { role: "doctor", approved: true, email: "ama.twi@example.test" })).id;
    await h.db.update(users).set({ smsLanguage: "ak" }).where(eq(users.id, id));
    const actor = await actorById(h.db, id);
    if (actor.kind !== "user") throw new Error("no actor");
    let text = "";
    await requestPhoneCode(
      h.db,
      actor,
      { phone: "0205550199", password: null },
      {
        afterCommit: async (message) => {
          text = message.text;
          return true;
        },
      },
    );
    expect(text).toMatch(/^Qurhealth: wo fon nɔma no ho koodu ne \d{6}\./);
    expect(countSegments(text).segments).toBeLessThanOrEqual(2);
  });
});

describe("choosing a language", () => {
  it("saves the choice on the person's own account; 'same' follows the emails' language", async () => {
    const id = (await createAccount(h.db, { role: "doctor", approved: true })).id;
    const actor = await actorById(h.db, id);
    if (actor.kind !== "user") throw new Error("no actor");
    expect(await myMessageLanguages(h.db, actor)).toEqual({ language: "en", smsLanguage: null });
    await saveMessageLanguages(h.db, actor, { intent: "language", language: "fr", sms_language: "ak" });
    expect(await myMessageLanguages(h.db, actor)).toEqual({ language: "fr", smsLanguage: "ak" });
    await saveMessageLanguages(h.db, actor, { intent: "language", language: "fr", sms_language: "same" });
    expect(await myMessageLanguages(h.db, actor)).toEqual({ language: "fr", smsLanguage: null });
  });

  it("refuses a language it does not offer (Hausa, a page language for SMS only) and stores nothing", async () => {
    const id = (await createAccount(h.db, { role: "doctor", approved: true })).id;
    const actor = await actorById(h.db, id);
    if (actor.kind !== "user") throw new Error("no actor");
    for (const fields of [
      { intent: "language", language: "ak", sms_language: "same" },
      { intent: "language", language: "en", sms_language: "ha" },
      { intent: "language", language: "de" },
      { intent: "language" },
    ]) {
      const refusal = refusalOf(await saveMessageLanguages(h.db, actor, fields).catch((e: unknown) => e));
      expect(refusal?.status, JSON.stringify(fields)).toBe(400);
    }
    expect(await myMessageLanguages(h.db, actor)).toEqual({ language: "en", smsLanguage: null });
  });
});
