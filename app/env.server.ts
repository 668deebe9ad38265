import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { SITE } from "./content/site.ts";

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
  SESSION_MAX_HOURS: z.coerce
    .number({ error: "expected a whole number of hours" })
    .int("expected a whole number of hours")
    .min(1, "expected 1 to 720 hours")
    .max(720, "expected 1 to 720 hours")
    .default(12),
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0"], { error: "expected true or false" })
    .default("false")
    .transform((v) => v === "true" || v === "1"),
});

export type Env = Omit<z.infer<typeof schema>, "APP_URL" | "MAIL_FROM" | "CONTACT_INBOX" | "AUTH_SECRET"> & {
  APP_URL: string;
  MAIL_FROM: string;
  CONTACT_INBOX: string;
  AUTH_SECRET: string;
  isProduction: boolean;
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
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  const host = new URL(appUrl).hostname;
  return {
    ...env,
    APP_URL: appUrl,
    MAIL_FROM: env.MAIL_FROM ?? `${SITE.name} <no-reply@${host === "localhost" ? "localhost.localdomain" : host}>`,
    CONTACT_INBOX: env.CONTACT_INBOX ?? SITE.email.hello,
    AUTH_SECRET: env.AUTH_SECRET ?? developmentSecret(env.DATA_DIR),
    isProduction,
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
