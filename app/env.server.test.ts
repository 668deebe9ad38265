import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env.server";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "env-"));

describe("parseEnv", () => {
  it("applies the documented defaults", () => {
    const dir = dataDir();
    const env = parseEnv({ DATA_DIR: dir });
    expect(env.PORT).toBe(3000);
    expect(env.APP_URL).toBe("http://localhost:3000");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.AUTH_SECRET).toHaveLength(64);
    // The generated development secret is stored and reused.
    expect(readFileSync(path.join(dir, ".auth-secret"), "utf8")).toBe(env.AUTH_SECRET);
    expect(parseEnv({ DATA_DIR: dir }).AUTH_SECRET).toBe(env.AUTH_SECRET);
  });

  it.each([
    ["PORT", "eighty", "PORT"],
    ["PORT", "70000", "PORT"],
    ["DATABASE_URL", "mysql://x", "DATABASE_URL"],
    ["APP_URL", "not a url", "APP_URL"],
    ["SMTP_URL", "http://mail", "SMTP_URL"],
    ["CONTACT_INBOX", "nobody", "CONTACT_INBOX"],
    ["AUTH_SECRET", "short", "AUTH_SECRET"],
    ["LOG_LEVEL", "loud", "LOG_LEVEL"],
    ["WEB_CONCURRENCY", "0", "WEB_CONCURRENCY"],
    ["WEB_CONCURRENCY", "many", "WEB_CONCURRENCY"],
    ["SMS_PROVIDER", "twilio", "SMS_PROVIDER"],
    ["SMS_SENDER_ID", "QurhealthGhana", "SMS_SENDER_ID"],
    ["SMS_SENDER_ID", "Qur/health", "SMS_SENDER_ID"],
    ["SMS_WEBHOOK_TOKEN", "short", "SMS_WEBHOOK_TOKEN"],
    ["ARKESEL_BASE_URL", "sms.arkesel.com", "ARKESEL_BASE_URL"],
    ["WHATSAPP_PHONE_NUMBER_ID", "+233 20", "WHATSAPP_PHONE_NUMBER_ID"],
    ["WHATSAPP_API_VERSION", "23", "WHATSAPP_API_VERSION"],
    ["WHATSAPP_TEMPLATE_NOTICE", "Referral Notice", "WHATSAPP_TEMPLATE_NOTICE"],
  ])("rejects %s=%s naming the variable", (name, value, expected) => {
    expect(() => parseEnv({ DATA_DIR: dataDir(), [name]: value })).toThrow(ConfigError);
    expect(() => parseEnv({ DATA_DIR: dataDir(), [name]: value })).toThrow(new RegExp(`${expected}: expected`));
  });

  it("requires AUTH_SECRET in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production", DATA_DIR: dataDir() })).toThrow(
      /AUTH_SECRET: required in production/,
    );
    const secret = "x".repeat(40);
    expect(parseEnv({ NODE_ENV: "production", AUTH_SECRET: secret }).AUTH_SECRET).toBe(secret);
  });

  it("runs several server processes only on PostgreSQL (a PGlite directory is one process's)", () => {
    expect(parseEnv({ DATA_DIR: dataDir() }).WEB_CONCURRENCY).toBe(1);
    expect(() => parseEnv({ DATA_DIR: dataDir(), WEB_CONCURRENCY: "2" })).toThrow(
      /WEB_CONCURRENCY: more than one process needs DATABASE_URL/,
    );
    const env = parseEnv({ DATA_DIR: dataDir(), WEB_CONCURRENCY: "2", DATABASE_URL: "postgres://db.example/app" });
    expect(env.WEB_CONCURRENCY).toBe(2);
  });

  it("treats empty values as unset and strips a trailing slash from APP_URL", () => {
    const env = parseEnv({ DATA_DIR: dataDir(), PORT: "", APP_URL: "https://care.example.org/" });
    expect(env.PORT).toBe(3000);
    expect(env.APP_URL).toBe("https://care.example.org");
    expect(env.MAIL_FROM).toContain("no-reply@care.example.org");
  });

  it("SMS and WhatsApp: the outbox by default, each provider's keys required when it is chosen", () => {
    const env = parseEnv({ DATA_DIR: dataDir() });
    expect(env.SMS_PROVIDER).toBe("none");
    expect(env.SMS_SENDER_ID).toBe("Qurhealth");
    expect(env.whatsappEnabled).toBe(false);
    expect(env.ARKESEL_BASE_URL).toBe("https://sms.arkesel.com");
    expect(() => parseEnv({ DATA_DIR: dataDir(), SMS_PROVIDER: "arkesel" })).toThrow(
      /ARKESEL_API_KEY: required when SMS_PROVIDER=arkesel[\s\S]*SMS_WEBHOOK_TOKEN: required when SMS_PROVIDER=arkesel/,
    );
    expect(() => parseEnv({ DATA_DIR: dataDir(), SMS_PROVIDER: "hubtel", HUBTEL_CLIENT_ID: "abcd" })).toThrow(
      /HUBTEL_CLIENT_SECRET: required when SMS_PROVIDER=hubtel/,
    );
    expect(() =>
      parseEnv({ DATA_DIR: dataDir(), SMS_PROVIDER: "africastalking", AFRICASTALKING_API_KEY: "k".repeat(10) }),
    ).toThrow(/AFRICASTALKING_USERNAME: required/);
    const hubtel = parseEnv({
      DATA_DIR: dataDir(),
      SMS_PROVIDER: "hubtel",
      HUBTEL_CLIENT_ID: "abcd",
      HUBTEL_CLIENT_SECRET: "efgh",
      HUBTEL_BASE_URL: "http://127.0.0.1:9999/",
    });
    expect(hubtel.HUBTEL_BASE_URL).toBe("http://127.0.0.1:9999");
  });

  it("payouts: Paystack's address by default, a secret key of Paystack's shape, a minimum of ₵70", () => {
    const env = parseEnv({ DATA_DIR: dataDir() });
    expect(env.PAYSTACK_BASE_URL).toBe("https://api.paystack.co");
    expect(env.PAYSTACK_SECRET_KEY).toBeUndefined();
    expect(env.PAYOUT_MINIMUM_PESEWAS).toBe(7000);
    expect(env.PAYOUT_VERIFY_AFTER_MINUTES).toBe(30);
    expect(env.PAYOUT_HOLD_HOURS).toBe(24);
    expect(parseEnv({ DATA_DIR: dataDir(), PAYOUT_HOLD_HOURS: "0" }).PAYOUT_HOLD_HOURS).toBe(0);
    expect(() => parseEnv({ DATA_DIR: dataDir(), PAYOUT_HOLD_HOURS: "169" })).toThrow(/PAYOUT_HOLD_HOURS/);
    expect(() => parseEnv({ DATA_DIR: dataDir(), PAYOUT_HOLD_HOURS: "-1" })).toThrow(/PAYOUT_HOLD_HOURS/);
    expect(() => parseEnv({ DATA_DIR: dataDir(), PAYSTACK_SECRET_KEY: "pk_live_abc" })).toThrow(/PAYSTACK_SECRET_KEY/);
    expect(() => parseEnv({ DATA_DIR: dataDir(), PAYOUT_MINIMUM_PESEWAS: "70.5" })).toThrow(/PAYOUT_MINIMUM_PESEWAS/);
    expect(() => parseEnv({ DATA_DIR: dataDir(), PAYSTACK_BASE_URL: "ftp://x" })).toThrow(/PAYSTACK_BASE_URL/);
    expect(
      parseEnv({
        DATA_DIR: dataDir(),
        PAYSTACK_SECRET_KEY: "sk_test_0123456789abcdef",
        PAYSTACK_BASE_URL: "http://127.0.0.1:9999/",
      }).PAYSTACK_BASE_URL,
    ).toBe("http://127.0.0.1:9999");
  });

  it("WhatsApp is all or nothing: a partial set names what is missing", () => {
    expect(() => parseEnv({ DATA_DIR: dataDir(), WHATSAPP_TOKEN: "x".repeat(20) })).toThrow(
      /WHATSAPP_PHONE_NUMBER_ID: required with WHATSAPP_TOKEN/,
    );
    const env = parseEnv({
      DATA_DIR: dataDir(),
      WHATSAPP_TOKEN: "x".repeat(20),
      WHATSAPP_PHONE_NUMBER_ID: "1234567890",
      WHATSAPP_APP_SECRET: "s".repeat(20),
      WHATSAPP_VERIFY_TOKEN: "v".repeat(20),
    });
    expect(env.whatsappEnabled).toBe(true);
    expect(env.WHATSAPP_API_VERSION).toBe("v23.0");
  });

  it("WhatsApp click-to-chat: the business number in international form, its punctuation dropped", () => {
    expect(parseEnv({ DATA_DIR: dataDir() }).WHATSAPP_BUSINESS_NUMBER).toBeUndefined();
    expect(
      parseEnv({ DATA_DIR: dataDir(), WHATSAPP_BUSINESS_NUMBER: "+233 30 212 3456" }).WHATSAPP_BUSINESS_NUMBER,
    ).toBe("233302123456");
    expect(() => parseEnv({ DATA_DIR: dataDir(), WHATSAPP_BUSINESS_NUMBER: "0302123456" })).toThrow(
      /WHATSAPP_BUSINESS_NUMBER: expected the number in international form/,
    );
  });

  it("public holidays: none listed by default; dates YYYY-MM-DD, comma-separated, real ones only", () => {
    expect(parseEnv({ DATA_DIR: dataDir() }).PUBLIC_HOLIDAYS).toEqual([]);
    expect(
      parseEnv({ DATA_DIR: dataDir(), PUBLIC_HOLIDAYS: "2026-03-20, 2026-03-23,2026-05-27" }).PUBLIC_HOLIDAYS,
    ).toEqual(["2026-03-20", "2026-03-23", "2026-05-27"]);
    for (const bad of ["2026-02-30", "20 March 2026", "2026-03-20;2026-03-23"]) {
      expect(() => parseEnv({ DATA_DIR: dataDir(), PUBLIC_HOLIDAYS: bad })).toThrow(
        /PUBLIC_HOLIDAYS: expected dates YYYY-MM-DD/,
      );
    }
  });

  it("file storage: a directory under DATA_DIR by default; s3 needs a bucket, and keys go in pairs", () => {
    const local = parseEnv({ DATA_DIR: dataDir() });
    expect(local.FILE_STORAGE).toBe("local");
    expect(local.S3_REGION).toBe("us-east-1");
    expect(local.S3_FORCE_PATH_STYLE).toBe(false);
    expect(() => parseEnv({ DATA_DIR: dataDir(), FILE_STORAGE: "s3" })).toThrow(
      /S3_BUCKET: required when FILE_STORAGE=s3/,
    );
    expect(() => parseEnv({ DATA_DIR: dataDir(), FILE_STORAGE: "ftp" })).toThrow(/FILE_STORAGE: expected local or s3/);
    expect(() => parseEnv({ DATA_DIR: dataDir(), FILE_STORAGE: "s3", S3_BUCKET: "Bad_Bucket" })).toThrow(/S3_BUCKET/);
    expect(() => parseEnv({ DATA_DIR: dataDir(), S3_ENDPOINT: "minio:9000" })).toThrow(/S3_ENDPOINT/);
    expect(() =>
      parseEnv({ DATA_DIR: dataDir(), FILE_STORAGE: "s3", S3_BUCKET: "files", S3_ACCESS_KEY_ID: "AKIAEXAMPLE" }),
    ).toThrow(/S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/);
    const s3 = parseEnv({
      DATA_DIR: dataDir(),
      FILE_STORAGE: "s3",
      S3_BUCKET: "qurhealth-files",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_REGION: "eu-west-1",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      S3_SECRET_ACCESS_KEY: "secret-example-key",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(s3).toMatchObject({ FILE_STORAGE: "s3", S3_BUCKET: "qurhealth-files", S3_FORCE_PATH_STYLE: true });
  });
});
