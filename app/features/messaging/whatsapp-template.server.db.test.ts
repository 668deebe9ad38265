import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { actorById } from "~/auth/actor.server";
import { messages, notificationPreferences, users } from "~/db/schema";
import { parseEnv } from "~/env.server";
import { createReferral } from "~/features/referrals/referral-create.server";
import type { JobWorkers } from "~/jobs/queue.server";
import { startJobWorkers } from "../../../server/job-workers";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility } from "../../../tests/helpers/domain";
import { startFakeWhatsApp } from "../../../tests/helpers/fake-providers/index.ts";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { notifyUsers, referralNoticeMail } from "./notify.server";
import { whatsappProvider } from "./providers/index.server";

/*
 * Decision 035, point 1: a WhatsApp notice is sent with the one template the operator registered as
 * docs/deployment.md says (WHATSAPP_TEMPLATE_NOTICE / WHATSAPP_TEMPLATE_LANGUAGE, one body parameter),
 * against a fake that refuses any other template the way Meta does (132001, 132000).
 */

const TOKEN = "wa-token-1234567890";
const PHONE_ID = "1234567890";
let h: TestDatabase;
let fake: Awaited<ReturnType<typeof startFakeWhatsApp>>;
let person: string;
let referral: { id: string; referralNumber: string };
const running: JobWorkers[] = [];

beforeAll(async () => {
  h = await createTestDb({ workers: false });
  fake = await startFakeWhatsApp(TOKEN, PHONE_ID);
  person = (await createAccount(h.db, { approved: true, role: "facility_admin", fullName: "Efua Admin" })).id;
  await h.db
    .update(users)
    .set({ confirmedPhone: "+233205550147", phoneConfirmedAt: new Date() })
    .where(eq(users.id, person));
  await h.db.insert(notificationPreferences).values({
    userId: person,
    channels: { "referral.new": ["whatsapp"] },
    quietStart: null,
    quietEnd: null,
  });
  const facility = await insertFacility(h.db, "wa-template", "Template Hospital");
  const doctor = await actorById(h.db, (await createAccount(h.db, { approved: true, role: "doctor" })).id);
  referral = await createReferral(h.db, doctor, {
    facility_id: facility,
    patient_name: "Yaw Mensah",
    patient_phone: "0241234567",
    chief_complaint: "Chest pain on exertion",
    urgency_level: "urgent",
  });
  await h.db.execute(sql`delete from pgboss.job`);
  await h.db.delete(messages);
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((w) => w.stop(2_000)));
  await h.db.execute(sql`delete from pgboss.job`);
  await h.db.delete(messages);
});
afterAll(async () => {
  await fake?.close();
  await h?.drop();
});

function config(extra: Record<string, string> = {}) {
  return parseEnv({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "wa-template-")),
    APP_URL: "https://care.example.org",
    WHATSAPP_TOKEN: TOKEN,
    WHATSAPP_PHONE_NUMBER_ID: PHONE_ID,
    WHATSAPP_APP_SECRET: "s".repeat(20),
    WHATSAPP_VERIFY_TOKEN: "v".repeat(20),
    WHATSAPP_BASE_URL: fake.url,
    ...extra,
  });
}

async function settle(id: string) {
  const until = Date.now() + 15_000;
  for (;;) {
    const [row] = await h.db.select().from(messages).where(eq(messages.id, id));
    if (row && (row.status !== "queued" || row.lastError)) return row;
    if (Date.now() > until) throw new Error("the message was never tried");
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function notifyAndSend(settings: ReturnType<typeof config>) {
  const [id] = await notifyUsers(h.db, [person], {
    kind: "referral.new",
    event: "referral.created",
    sms: "referral_new",
    referralId: referral.id,
    referralNumber: referral.referralNumber,
    mail: referralNoticeMail("referral_new", referral.referralNumber),
  });
  expect(id).toBeDefined();
  running.push(
    await startJobWorkers(h, {
      pollingIntervalSeconds: 0.5,
      superviseIntervalSeconds: 1,
      transports: { whatsapp: () => whatsappProvider(settings) },
    }),
  );
  return settle(id!);
}

describe("WhatsApp notices use the one configured template (issue 35, point 1)", () => {
  it("a template registered as docs/deployment.md documents (referral_notice, en, 1 parameter) is accepted", async () => {
    const before = fake.requests.length;
    const row = await notifyAndSend(config());
    expect(row).toMatchObject({ status: "sent", provider: "whatsapp", lastError: null });
    const sent = JSON.parse(fake.requests[before]!.body) as {
      template: { name: string; language: { code: string }; components: { parameters: { text: string }[] }[] };
    };
    expect(sent.template.name).toBe("referral_notice");
    expect(sent.template.language.code).toBe("en");
    expect(sent.template.components[0]!.parameters).toHaveLength(1);
    expect(sent.template.components[0]!.parameters[0]!.text).toMatch(
      /^Qurhealth: New referral REF-\d{4}-\d{6}\. http\S+\/referrals\/REF-\d{4}-\d{6}$/,
    );
  });

  it("WHATSAPP_TEMPLATE_NOTICE and WHATSAPP_TEMPLATE_LANGUAGE name the template sent", async () => {
    const other = await startFakeWhatsApp(TOKEN, PHONE_ID, {
      templates: [{ name: "qurhealth_notice", language: "en_GB", bodyParameters: 1 }],
    });
    try {
      const row = await notifyAndSend(
        config({
          WHATSAPP_BASE_URL: other.url,
          WHATSAPP_TEMPLATE_NOTICE: "qurhealth_notice",
          WHATSAPP_TEMPLATE_LANGUAGE: "en_GB",
        }),
      );
      expect(row.status).toBe("sent");
      expect(other.accepted).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
