import { describe, it } from "vitest";
import { expectEverySmsAtLeastOnce, runSmsDurability } from "./message-durability";

/*
 * Every message whose cause committed is sent at least once (decision 024; decision 035: the fake, like
 * Hubtel, keeps no idempotency key, so a send in flight at the kill is sent twice, and only such a
 * send): the server is killed with SIGKILL while it hands SMS to the provider, on PGlite and (with
 * TEST_DATABASE_URL) PostgreSQL. The SMTP outage is message-durability.test.ts's: a file of its
 * own, so the two share the layer's two workers (decision 038).
 */

describe("SMS survive SIGKILL", () => {
  it("SMS: killed while sending, on PGlite", async () => {
    expectEverySmsAtLeastOnce(await runSmsDurability("pglite"));
  }, 480_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "SMS: killed while sending, on PostgreSQL",
    async () => {
      expectEverySmsAtLeastOnce(await runSmsDurability("postgres"));
    },
    480_000,
  );
});
