import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { SITE } from "./content/site.ts";
import { parseAddressList } from "./lib/address-list.server.ts";

const baseUrl = (fallback: string) =>
  z
    .url({ protocol: /^https?$/, error: "expected an absolute http(s) address" })
    .default(fallback)
    .transform((v) => v.replace(/\/+$/, ""));
const secret = (min: number) => z.string().min(min, `expected at least ${min} characters`).optional();

/** SMS and WhatsApp providers (decision 025): unset, messages go to DATA_DIR/outbox. */
const messagingSchema = {
  SMS_PROVIDER: z
    .enum(["arkesel", "hubtel", "africastalking", "none"], {
      error: "expected arkesel, hubtel, africastalking or none",
    })
    .default("none"),
  // Alphanumeric sender IDs are at most 11 characters (GSM 03.40), registered with the provider.
  SMS_SENDER_ID: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 .-]{0,10}$/, "expected 1 to 11 letters, digits, spaces, dots or dashes")
    .default(SITE.name.slice(0, 11)),
  // Secret token in the delivery-report addresses of providers that sign nothing (Arkesel, Africa's Talking).
  SMS_WEBHOOK_TOKEN: secret(32),
  ARKESEL_API_KEY: secret(8),
  ARKESEL_BASE_URL: baseUrl("https://sms.arkesel.com"),
  HUBTEL_CLIENT_ID: secret(4),
  HUBTEL_CLIENT_SECRET: secret(4),
  HUBTEL_BASE_URL: baseUrl("https://smsc.hubtel.com"),
  HUBTEL_STATUS_BASE_URL: baseUrl("https://sms.hubtel.com"),
  AFRICASTALKING_USERNAME: z.string().min(1).max(100).optional(),
  AFRICASTALKING_API_KEY: secret(8),
  AFRICASTALKING_BASE_URL: baseUrl("https://api.africastalking.com"),
  WHATSAPP_TOKEN: secret(16),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,20}$/, "expected the numeric phone number id")
    .optional(),
  WHATSAPP_APP_SECRET: secret(16),
  WHATSAPP_VERIFY_TOKEN: secret(16),
  // The business's WhatsApp number (international, e.g. 233302123456): with WhatsApp configured,
  // a patient may prove an appointment request with a click-to-chat message to it (decision 046).
  WHATSAPP_BUSINESS_NUMBER: z
    .string()
    .transform((value) => value.replace(/[\s()+-]/g, ""))
    .pipe(z.string().regex(/^[1-9]\d{7,14}$/, "expected the number in international form, such as +233302123456"))
    .optional(),
  WHATSAPP_BASE_URL: baseUrl("https://graph.facebook.com"),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d{1,3}\.\d$/, "expected a Graph API version such as v23.0")
    .default("v23.0"),
  // An approved utility template with one body parameter ({{1}}: the referral number and link).
  WHATSAPP_TEMPLATE_NOTICE: z
    .string()
    .regex(/^[a-z0-9_]{1,512}$/, "expected a template name (lowercase letters, digits, underscores)")
    .default("referral_notice"),
  WHATSAPP_TEMPLATE_LANGUAGE: z
    .string()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, "expected a template language code such as en or en_GB")
    .default("en"),
};

/** Payouts (decision 026): Paystack Transfers; unset secret, runs can be prepared but not sent. */
const payoutSchema = {
  PAYSTACK_SECRET_KEY: z
    .string()
    .regex(/^sk_(test|live)_[A-Za-z0-9]{8,}$/, "expected a Paystack secret key (sk_test_... or sk_live_...)")
    .optional(),
  PAYSTACK_BASE_URL: baseUrl("https://api.paystack.co"),
  PAYOUT_MINIMUM_PESEWAS: z.coerce
    .number({ error: "expected a whole number of pesewas" })
    .int("expected a whole number of pesewas")
    .min(100, "expected 100 to 10000000 pesewas")
    .max(10_000_000, "expected 100 to 10000000 pesewas")
    .default(7000),
  PAYOUT_HOLD_HOURS: z.coerce
    .number({ error: "expected a whole number of hours" })
    .int("expected a whole number of hours")
    .min(0, "expected 0 to 168 hours")
    .max(168, "expected 0 to 168 hours")
    .default(24),
  PAYOUT_VERIFY_AFTER_MINUTES: z.coerce
    .number({ error: "expected a whole number of minutes" })
    .int("expected a whole number of minutes")
    .min(1, "expected 1 to 1440 minutes")
    .max(1440, "expected 1 to 1440 minutes")
    .default(30),
};

/**
 * Where a referral's attached files are kept (docs/decisions/023): a directory under
 * DATA_DIR (`local`, the default) or an S3-compatible object store (`s3`), for several servers.
 */
const fileStorageSchema = {
  FILE_STORAGE: z.enum(["local", "s3"], { error: "expected local or s3" }).default("local"),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "expected an S3 bucket name (3-63 lowercase letters, digits, dots, dashes)",
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,32}$/, "expected a region such as eu-west-1 (lowercase letters, digits, dashes)")
    .default("us-east-1"),
  // Unset: AWS S3 itself; set for another S3-compatible store (MinIO, Ceph, Cloudflare R2, Backblaze B2...).
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "expected an absolute http(s) address" }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(3, "expected an access key id").max(256).optional(),
  S3_SECRET_ACCESS_KEY: secret(8),
  // Addresses as ENDPOINT/BUCKET/key instead of BUCKET.ENDPOINT/key (most self-hosted stores need it).
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false", "1", "0"], { error: "expected true or false" })
    .default("false")
    .transform((v) => v === "true" || v === "1"),
};

const minutes = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: "expected a whole number of minutes" })
    .int("expected a whole number of minutes")
    .min(min, `expected ${min} to ${max} minutes`)
    .max(max, `expected ${min} to ${max} minutes`)
    .default(fallback);

/** Metrics and alerts (docs/operations.md). */
const operationsSchema = {
  // Who may read /metrics without the token: addresses and CIDR ranges, comma-separated; "none" for nobody.
  METRICS_ALLOW: z
    .string()
    .default("127.0.0.0/8,::1")
    .transform((value, ctx) => {
      const parsed = parseAddressList(value);
      if (typeof parsed === "string") {
        ctx.addIssue({ code: "custom", message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  // A bearer token that reads /metrics from anywhere (Authorization: Bearer ...).
  METRICS_TOKEN: secret(32),
  // false: no request is timed (the histogram stays declared and empty, the in-flight gauge 0); bench/operations.ts measures the cost with it.
  METRICS_REQUEST_TIMING: z
    .enum(["true", "false", "1", "0"], { error: "expected true or false" })
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  ALERT_QUEUE_OLDEST_MINUTES: minutes(1, 1440, 5),
  // A channel's messages of the last 15 minutes failing (or retrying) above this share, or a provider out of credit.
  ALERT_PROVIDER_FAILURE_PERCENT: z.coerce
    .number({ error: "expected a whole percentage" })
    .int("expected a whole percentage")
    .min(1, "expected 1 to 100 percent")
    .max(100, "expected 1 to 100 percent")
    .default(20),
  ALERT_EMERGENCY_WAITING_MINUTES: minutes(5, 1440, 60),
  ALERT_PAYOUT_PENDING_HOURS: z.coerce
    .number({ error: "expected a whole number of hours" })
    .int("expected a whole number of hours")
    .min(1, "expected 1 to 168 hours")
    .max(168, "expected 1 to 168 hours")
    .default(24),
  // A rule that clears is only reported cleared after this long without firing again (no storms).
  ALERT_HOLD_MINUTES: minutes(0, 1440, 15),
  // The backup job's reports (POST /operations/backup-report with Authorization: Bearer ...); unset: the address does not exist.
  BACKUP_REPORT_TOKEN: secret(32),
  // The last good backup older than this raises the backup_stale alert (once a backup job has reported).
  ALERT_BACKUP_MAX_HOURS: z.coerce
    .number({ error: "expected a whole number of hours" })
    .int("expected a whole number of hours")
    .min(1, "expected 1 to 720 hours")
    .max(720, "expected 1 to 720 hours")
    .default(26),
};

/** The variables each SMS provider needs. */
const SMS_PROVIDER_KEYS = {
  arkesel: ["ARKESEL_API_KEY", "SMS_WEBHOOK_TOKEN"],
  hubtel: ["HUBTEL_CLIENT_ID", "HUBTEL_CLIENT_SECRET"],
  africastalking: ["AFRICASTALKING_USERNAME", "AFRICASTALKING_API_KEY", "SMS_WEBHOOK_TOKEN"],
  none: [],
} as const;
const WHATSAPP_KEYS = [
  "WHATSAPP_TOKEN",
  "WHATSAPP_PHONE_NUMBER_ID",
  "WHATSAPP_APP_SECRET",
  "WHATSAPP_VERIFY_TOKEN",
] as const;

/**
 * The configuration contract. Parsed once, at start; a bad value stops the
 * process with a message naming the variable and what it expects.
 */
const schema = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"], { error: "expected development, production or test" })
    .default("development"),
  PORT: z.coerce
    .number({ error: "expected a port number between 1 and 65535" })
    .int("expected a whole number")
    .min(1, "expected a port number between 1 and 65535")
    .max(65535, "expected a port number between 1 and 65535")
    .default(3000),
  HOST: z.string().min(1, "expected a host name or address").default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "expected a postgres:// or postgresql:// connection string")
    .optional(),
  // Server processes sharing the port, one per core (PostgreSQL only: a PGlite directory is one process's).
  WEB_CONCURRENCY: z.coerce
    .number({ error: "expected a whole number of processes" })
    .int("expected a whole number of processes")
    .min(1, "expected 1 to 64 processes")
    .max(64, "expected 1 to 64 processes")
    .default(1),
  DATA_DIR: z.string().min(1).default("./data"),
  APP_URL: z
    .url({ protocol: /^https?$/, error: "expected an absolute http(s) address, e.g. https://example.org" })
    .optional(),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: "expected smtp://host:port or smtps://user:pass@host:port" })
    .optional(),
  MAIL_FROM: z.string().min(3, "expected a sender such as Name <no-reply@example.org>").optional(),
  CONTACT_INBOX: z.email({ error: "expected an email address" }).optional(),
  AUTH_SECRET: z.string().min(32, "expected at least 32 characters").optional(),
  // Optional: ensure this approved system admin exists when the server starts (create-admin semantics).
  BOOTSTRAP_ADMIN_EMAIL: z.email({ error: "expected an email address" }).optional(),
  BOOTSTRAP_ADMIN_PASSWORD: z.string().min(8, "expected at least 8 characters").max(128).optional(),
  BOOTSTRAP_ADMIN_NAME: z.string().trim().min(2, "expected 2 to 100 characters").max(100).optional(),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "expected one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
  // Sessions (decisions 4; OWASP ASVS 3.3): ended after this long without activity, and this long after sign-in at most.
  SESSION_IDLE_MINUTES: z.coerce
    .number({ error: "expected a whole number of minutes" })
    .int("expected a whole number of minutes")
    .min(5, "expected 5 to 1440 minutes")
    .max(1440, "expected 5 to 1440 minutes")
    .default(30),
  // The FHIR API (decision 034): calls one client may make a minute before it gets 429 (throttled).
  FHIR_CALLS_PER_MINUTE: z.coerce
    .number({ error: "expected a whole number of calls" })
    .int("expected a whole number of calls")
    .min(1, "expected 1 to 100000 calls")
    .max(100000, "expected 1 to 100000 calls")
    .default(600),
  // The FHIR API's record of calls (api_client_calls): days kept before the nightly job removes them.
  FHIR_CALL_RETENTION_DAYS: z.coerce
    .number({ error: "expected a whole number of days" })
    .int("expected a whole number of days")
    .min(1, "expected 1 to 3650 days")
    .max(3650, "expected 1 to 3650 days")
    .default(90),
  SESSION_MAX_HOURS: z.coerce
    .number({ error: "expected a whole number of hours" })
    .int("expected a whole number of hours")
    .min(1, "expected 1 to 720 hours")
    .max(720, "expected 1 to 720 hours")
    .default(12),
  /**
   * A bearer token that shows /healthz's details (which database, its round trip) to a monitoring
   * system (decision 036); without one, only a signed-in system administrator sees them.
   */
  HEALTHZ_TOKEN: z.string().min(24, "expected at least 24 characters").optional(),
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0"], { error: "expected true or false" })
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  // The job queue (decision 024): workers in this process, and how outbound messages retry.
  JOB_WORKERS: z
    .enum(["true", "false", "1", "0"], { error: "expected true or false" })
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  JOB_RETRY_DELAY_SECONDS: z.coerce
    .number({ error: "expected a whole number of seconds" })
    .int("expected a whole number of seconds")
    .min(1, "expected 1 to 3600 seconds")
    .max(3600, "expected 1 to 3600 seconds")
    .default(30),
  JOB_RETRY_LIMIT: z.coerce
    .number({ error: "expected a whole number of retries" })
    .int("expected a whole number of retries")
    .min(0, "expected 0 to 50 retries")
    .max(50, "expected 0 to 50 retries")
    .default(10),
  // How soon a job whose worker died (killed mid-send) is taken over: it stops heartbeating, and the
  // queue's supervision (every JOB_SUPERVISE_SECONDS) fails it after JOB_HEARTBEAT_SECONDS, to be
  // retried. Production keeps the defaults; tests shorten them (decision 038). pg-boss's floor is 10 s.
  JOB_HEARTBEAT_SECONDS: z.coerce
    .number({ error: "expected a whole number of seconds" })
    .int("expected a whole number of seconds")
    .min(10, "expected 10 to 300 seconds")
    .max(300, "expected 10 to 300 seconds")
    .default(30),
  JOB_SUPERVISE_SECONDS: z.coerce
    .number({ error: "expected a whole number of seconds" })
    .int("expected a whole number of seconds")
    .min(1, "expected 1 to 300 seconds")
    .max(300, "expected 1 to 300 seconds")
    .default(30),
  // First retry delay of a payout transfer whose call failed or whose worker died (doubling, at most an hour).
  PAYOUT_RETRY_DELAY_SECONDS: z.coerce
    .number({ error: "expected a whole number of seconds" })
    .int("expected a whole number of seconds")
    .min(1, "expected 1 to 3600 seconds")
    .max(3600, "expected 1 to 3600 seconds")
    .default(30),
  // Quiet hours of people who never chose theirs (decision 025): "21:00-07:00" Africa/Accra, or "off".
  DEFAULT_QUIET_HOURS: z
    .string()
    .regex(/^(off|([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d)$/, { error: 'expected "HH:MM-HH:MM" or "off"' })
    .default("21:00-07:00"),
  // Ghana's public holidays declared each year (Eid al-Fitr, Shaqq Day, Eid al-Adha, days the
  // government adds or moves): YYYY-MM-DD, comma-separated. The statutory ones are built in
  // (app/features/appointments/working-day.ts); both are not working days (decision 045).
  PUBLIC_HOLIDAYS: z
    .string()
    .default("")
    .transform((value, ctx) => {
      const days = value
        .split(",")
        .map((day) => day.trim())
        .filter(Boolean);
      const real = (day: string) => {
        const date = new Date(`${day}T00:00:00Z`);
        return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
      };
      const bad = days.find((day) => !/^\d{4}-\d{2}-\d{2}$/.test(day) || !real(day));
      if (bad !== undefined) {
        ctx.addIssue({ code: "custom", message: `expected dates YYYY-MM-DD, comma-separated (${bad} is not one)` });
        return z.NEVER;
      }
      return days;
    }),
  ...messagingSchema,
  ...payoutSchema,
  ...fileStorageSchema,
  ...operationsSchema,
});

export type Env = Omit<z.infer<typeof schema>, "APP_URL" | "MAIL_FROM" | "CONTACT_INBOX" | "AUTH_SECRET"> & {
  APP_URL: string;
  MAIL_FROM: string;
  CONTACT_INBOX: string;
  AUTH_SECRET: string;
  isProduction: boolean;
  /** Every WHATSAPP_* credential is set: WhatsApp messages go to the Cloud API (else to the outbox). */
  whatsappEnabled: boolean;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parse a raw environment. Pure except for the development secret file under DATA_DIR. */
export function parseEnv(raw: Record<string, string | undefined>): Env {
  // Empty strings mean "unset" (a common result of `FOO= npm start`).
  const cleaned = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = issue.path.join(".") || "(environment)";
      return `  ${name}: ${issue.message} (got ${JSON.stringify(cleaned[name] ?? null)})`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const isProduction = env.NODE_ENV === "production";
  if (isProduction && !env.AUTH_SECRET) {
    throw new ConfigError(
      "Invalid configuration:\n  AUTH_SECRET: required in production, expected at least 32 random characters (e.g. `openssl rand -hex 32`)",
    );
  }
  if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
    throw new ConfigError(
      "Invalid configuration:\n  WEB_CONCURRENCY: more than one process needs DATABASE_URL (PostgreSQL); the embedded database belongs to one process",
    );
  }
  const missing = SMS_PROVIDER_KEYS[env.SMS_PROVIDER].filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((name) => `  ${name}: required when SMS_PROVIDER=${env.SMS_PROVIDER}`).join("\n")}`,
    );
  }
  const whatsappSet = WHATSAPP_KEYS.filter((name) => env[name]);
  if (whatsappSet.length > 0 && whatsappSet.length < WHATSAPP_KEYS.length) {
    const absent = WHATSAPP_KEYS.filter((name) => !env[name]);
    throw new ConfigError(
      `Invalid configuration:\n${absent.map((name) => `  ${name}: required with ${whatsappSet.join(", ")} (WhatsApp needs all of ${WHATSAPP_KEYS.join(", ")})`).join("\n")}`,
    );
  }
  if (env.FILE_STORAGE === "s3" && !env.S3_BUCKET) {
    throw new ConfigError("Invalid configuration:\n  S3_BUCKET: required when FILE_STORAGE=s3");
  }
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    const absent = env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
    throw new ConfigError(
      `Invalid configuration:\n  ${absent}: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither: the AWS default credentials)`,
    );
  }
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  const host = new URL(appUrl).hostname;
  return {
    ...env,
    APP_URL: appUrl,
    MAIL_FROM: env.MAIL_FROM ?? `${SITE.name} <no-reply@${host === "localhost" ? "localhost.localdomain" : host}>`,
    CONTACT_INBOX: env.CONTACT_INBOX ?? SITE.email.hello,
    AUTH_SECRET: env.AUTH_SECRET ?? developmentSecret(env.DATA_DIR),
    isProduction,
    whatsappEnabled: whatsappSet.length === WHATSAPP_KEYS.length,
  };
}

/** Outside production an unset AUTH_SECRET is generated once and kept under DATA_DIR. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, ".auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

let cached: Env | undefined;

/** The process's configuration, parsed on first use. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
