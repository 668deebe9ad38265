import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startMailCatcher } from "../../tests/helpers/mail-catcher";

describe("sendMail", () => {
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  beforeAll(async () => {
    catcher = await startMailCatcher();
  });
  afterAll(() => catcher.stop());

  it("delivers over SMTP when SMTP_URL is set", async () => {
    vi.resetModules();
    vi.stubEnv("SMTP_URL", catcher.url);
    vi.stubEnv("DATA_DIR", mkdtempSync(path.join(tmpdir(), "mail-")));
    const { sendMail } = await import("./send.server");
    await sendMail({ to: "ama@example.com", subject: "Akwaaba — welcome", text: "Hello Ama\nhttps://example.org/x" });
    const mail = await catcher.waitFor((m) => m.to.includes("ama@example.com"));
    expect(mail.subject).toBe("Akwaaba — welcome");
    expect(mail.text).toContain("https://example.org/x");
    vi.unstubAllEnvs();
  });

  it("writes to the outbox under DATA_DIR without SMTP_URL", async () => {
    vi.resetModules();
    const dir = mkdtempSync(path.join(tmpdir(), "mail-"));
    vi.stubEnv("SMTP_URL", "");
    vi.stubEnv("DATA_DIR", dir);
    const { sendMail } = await import("./send.server");
    await sendMail({ to: "kofi@example.com", subject: "Outbox", text: "Body" });
    const files = readdirSync(path.join(dir, "outbox"));
    expect(files).toHaveLength(1);
    expect(JSON.parse(readFileSync(path.join(dir, "outbox", files[0]), "utf8"))).toMatchObject({
      to: ["kofi@example.com"],
      subject: "Outbox",
    });
    vi.unstubAllEnvs();
  });
});
