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
});
