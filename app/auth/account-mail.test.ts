import { describe, expect, it } from "vitest";
import { SITE } from "~/content/site";
import { existingAccountMail, resetPasswordMail, verificationMail } from "./account-mail";

describe("account mail", () => {
  it("carries the link in text and HTML, escaped", () => {
    const link = "https://example.org/auth/verify?token=a&b=<c>";
    const mail = verificationMail({ link });
    expect(mail.subject).toContain(SITE.name);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain("https://example.org/auth/verify?token=a&#38;b=&#60;c&#62;");
  });
  it("greets no one by name: the address is not confirmed, the name is whatever a stranger typed", () => {
    for (const mail of [
      verificationMail({ link: "https://x.test/auth/verify?token=t" }),
      resetPasswordMail({ link: "https://x.test/reset-password#type=recovery" }),
      existingAccountMail({ appUrl: "https://x.test" }),
    ]) {
      expect(mail.text.startsWith("Hello,\n")).toBe(true);
    }
  });
  it("explains the reset link's rules", () => {
    const mail = resetPasswordMail({ link: "https://x.test/reset-password#type=recovery" });
    expect(mail.text).toContain("30 minutes");
    expect(mail.text).toContain("https://x.test/reset-password#type=recovery");
  });
  it("tells an existing user how to sign in or reset", () => {
    const mail = existingAccountMail({ appUrl: "https://x.test" });
    expect(mail.text).toContain("https://x.test/auth");
    expect(mail.text).toContain("https://x.test/forgot-password");
  });
});
