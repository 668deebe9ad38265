import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import { smsCallbackUrl, smsProvider, whatsappProvider, whatsappTemplate } from "./index.server.ts";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "outbox-"));
const token = "t".repeat(40);

describe("choosing the provider from the configuration", () => {
  it("without a provider, SMS and WhatsApp go to DATA_DIR/outbox, once per idempotency key", async () => {
    const dir = dataDir();
    const config = parseEnv({ DATA_DIR: dir });
    const sms = smsProvider(config);
    expect(sms.name).toBe("outbox");
    const message = {
      to: "+233205550147",
      text: "REF-2026-000001 http://localhost:3000/referrals/REF-2026-000001",
      idempotencyKey: "k-1",
    };
    const first = await sms.send(message);
    const again = await sms.send(message);
    expect(first).toEqual({ ok: true, providerId: "outbox-k-1" });
    expect(again).toEqual(first);
    const files = readdirSync(path.join(dir, "outbox"));
    expect(files).toEqual(["sms-k-1.json"]);
    expect(JSON.parse(readFileSync(path.join(dir, "outbox", files[0]), "utf8"))).toMatchObject({
      channel: "sms",
      to: "+233205550147",
      text: message.text,
    });
    const wa = whatsappProvider(config);
    expect(wa).toMatchObject({ name: "outbox", channel: "whatsapp" });
  });

  it("SMS_PROVIDER picks the adapter; WhatsApp needs every credential", () => {
    const base = { DATA_DIR: dataDir(), SMS_WEBHOOK_TOKEN: token };
    expect(smsProvider(parseEnv({ ...base, SMS_PROVIDER: "arkesel", ARKESEL_API_KEY: "key-12345678" })).name).toBe(
      "arkesel",
    );
    expect(
      smsProvider(parseEnv({ ...base, SMS_PROVIDER: "hubtel", HUBTEL_CLIENT_ID: "abcd", HUBTEL_CLIENT_SECRET: "efgh" }))
        .name,
    ).toBe("hubtel");
    expect(
      smsProvider(
        parseEnv({
          ...base,
          SMS_PROVIDER: "africastalking",
          AFRICASTALKING_USERNAME: "q",
          AFRICASTALKING_API_KEY: "key-12345678",
        }),
      ).name,
    ).toBe("africastalking");
    const wa = parseEnv({
      ...base,
      WHATSAPP_TOKEN: "x".repeat(20),
      WHATSAPP_PHONE_NUMBER_ID: "1234567890",
      WHATSAPP_APP_SECRET: "s".repeat(20),
      WHATSAPP_VERIFY_TOKEN: "v".repeat(20),
    });
    expect(whatsappProvider(wa).name).toBe("whatsapp");
  });

  it("the callback address carries the secret token in its path, and no query (issue 35)", () => {
    const config = parseEnv({ DATA_DIR: dataDir(), APP_URL: "https://care.example.org", SMS_WEBHOOK_TOKEN: token });
    expect(smsCallbackUrl(config, "arkesel")).toBe(`https://care.example.org/webhooks/sms/arkesel/${token}`);
  });

  it("every WhatsApp message is the configured utility template (the outbox records which)", async () => {
    const dir = dataDir();
    const config = parseEnv({
      DATA_DIR: dir,
      WHATSAPP_TEMPLATE_NOTICE: "qurhealth_notice",
      WHATSAPP_TEMPLATE_LANGUAGE: "en_GB",
    });
    expect(whatsappTemplate(config)).toEqual({ name: "qurhealth_notice", language: "en_GB" });
    const text = "Qurhealth: Referral accepted REF-2026-000001. https://x.example/r";
    await whatsappProvider(config).send({ to: "+233205550147", text, idempotencyKey: "k-2" });
    const written = JSON.parse(readFileSync(path.join(dir, "outbox", "whatsapp-k-2.json"), "utf8"));
    expect(written).toMatchObject({ text, template: { name: "qurhealth_notice", language: "en_GB" } });
  });
});
