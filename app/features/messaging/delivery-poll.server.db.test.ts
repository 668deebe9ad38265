import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "~/db/schema";
import { startFakeHubtel } from "../../../tests/helpers/fake-providers/index.ts";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { POLL_AFTER_MS, POLL_FOR_MS, pollDeliveries } from "./delivery-poll.server";
import { createHubtelProvider } from "./providers/hubtel.server";

/* Hubtel's delivery states come by polling (it documents no delivery webhook): decision 025. */

let h: TestDatabase;
let fake: Awaited<ReturnType<typeof startFakeHubtel>>;
beforeAll(async () => {
  h = await createTestDb({ workers: false });
  fake = await startFakeHubtel("client-id", "client-secret");
});
afterAll(async () => {
  await fake.close();
  await h.drop();
});

const hubtel = () =>
  createHubtelProvider({
    clientId: "client-id",
    clientSecret: "client-secret",
    sender: "Qurhealth",
    baseUrl: fake.url,
    statusBaseUrl: fake.url,
  });

/** A message Hubtel accepted (its id is the fake's), sent `agoMs` before `now`. */
async function sentMessage(now: Date, agoMs: number, providerName = "hubtel") {
  const sent = await hubtel().send({
    to: "+233205550147",
    text: "Qurhealth: REF-2026-000001",
    idempotencyKey: `poll-${Math.random()}`,
  });
  if (!sent.ok) throw new Error("the fake refused the send");
  const [row] = await h.db
    .insert(messages)
    .values({
      channel: "sms",
      recipient: "+233205550147",
      event: "referral.created",
      status: "sent",
      provider: providerName,
      providerId: sent.providerId,
      sentAt: new Date(now.getTime() - agoMs),
    })
    .returning();
  return row;
}
const statusOf = async (id: string) => (await h.db.select().from(messages).where(eq(messages.id, id)))[0];

describe("polling Hubtel for delivery states", () => {
  it("records delivered and undelivered, leaves what is still on its way, and asks only about sent SMS in the window", async () => {
    const now = new Date();
    const delivered = await sentMessage(now, 10 * 60_000);
    const undelivered = await sentMessage(now, 10 * 60_000);
    const onItsWay = await sentMessage(now, 10 * 60_000);
    const tooFresh = await sentMessage(now, POLL_AFTER_MS / 2);
    const tooOld = await sentMessage(now, POLL_FOR_MS + 60_000);
    const otherProvider = await sentMessage(now, 10 * 60_000, "arkesel");
    for (const row of [delivered, tooFresh, tooOld, otherProvider]) fake.statuses.set(row.providerId!, "Delivered");
    fake.statuses.set(undelivered.providerId!, "Undelivered");
    fake.statuses.set(onItsWay.providerId!, "Sent");
    const asked = () => fake.requests.filter((r) => r.method === "GET").length;
    const before = asked();

    expect(await pollDeliveries(h.db, hubtel(), now)).toEqual({ asked: 3, changed: 2 });
    expect(asked() - before).toBe(3);
    expect(await statusOf(delivered.id)).toMatchObject({ status: "delivered", deliveredAt: now });
    expect(await statusOf(undelivered.id)).toMatchObject({ status: "undelivered", lastError: "Hubtel: Undelivered" });
    for (const row of [onItsWay, tooFresh, tooOld, otherProvider]) {
      expect((await statusOf(row.id))?.status).toBe("sent");
    }

    // The next run asks only about the one still on its way, until Hubtel says where it is.
    expect(await pollDeliveries(h.db, hubtel(), now)).toEqual({ asked: 1, changed: 0 });
    fake.statuses.set(onItsWay.providerId!, "Delivered");
    expect(await pollDeliveries(h.db, hubtel(), now)).toEqual({ asked: 1, changed: 1 });
    expect((await statusOf(onItsWay.id))?.status).toBe("delivered");
  });
});
