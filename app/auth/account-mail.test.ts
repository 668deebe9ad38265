import { describe, expect, it } from "vitest";
import { SITE } from "~/content/site";
import { mailReader } from "~/i18n/message-text.server";
import {
  accountApprovedMail,
  accountDeclinedMail,
  existingAccountMail,
  failedSignInsMail,
  resetPasswordMail,
  verificationMail,
} from "./account-mail";

const en = mailReader("en");
const fr = mailReader("fr");

describe("account mail", () => {
  it("carries the link in text and HTML, escaped", () => {
    const link = "https://example.org/auth/verify?token=a&b=<c>";
    const mail = verificationMail(en, { link });
    expect(mail.subject).toContain(SITE.name);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain("https://example.org/auth/verify?token=a&#38;b=&#60;c&#62;");
  });
  it("greets no one by name: the address is not confirmed, the name is whatever a stranger typed", () => {
    for (const [reader, hello] of [
      [en, "Hello,\n"],
      [fr, "Bonjour,\n"],
    ] as const) {
      for (const mail of [
        verificationMail(reader, { link: "https://x.test/auth/verify?token=t" }),
        resetPasswordMail(reader, { link: "https://x.test/reset-password#type=recovery" }),
        existingAccountMail(reader, { appUrl: "https://x.test" }),
      ]) {
        expect(mail.text.startsWith(hello)).toBe(true);
      }
    }
  });
  it("explains the reset link's rules", () => {
    const mail = resetPasswordMail(en, { link: "https://x.test/reset-password#type=recovery" });
    expect(mail.text).toContain("30 minutes");
    expect(mail.text).toContain("https://x.test/reset-password#type=recovery");
  });
  it("tells an existing user how to sign in or reset", () => {
    const mail = existingAccountMail(en, { appUrl: "https://x.test" });
    expect(mail.text).toContain("https://x.test/auth");
    expect(mail.text).toContain("https://x.test/forgot-password");
  });
});

describe("account mail in French (issue 38)", () => {
  it("is written in French, its links open the French pages", () => {
    const verify = verificationMail(fr, { link: "https://x.test/auth/verify?token=t" });
    expect(verify.subject).toBe(`Confirmez votre adresse e-mail pour ${SITE.name}`);
    expect(verify.text).toContain("Merci de votre inscription");
    expect(verify.html).toContain("Confirmer l’adresse e-mail");
    expect(verify.html).toContain("Si le bouton ne fonctionne pas");
    const existing = existingAccountMail(fr, { appUrl: "https://x.test" });
    expect(existing.text).toContain("https://x.test/fr/auth");
    expect(existing.text).toContain("https://x.test/fr/forgot-password");
    expect(failedSignInsMail(fr, { appUrl: "https://x.test" }).html).toContain("https://x.test/fr/forgot-password");
    expect(accountDeclinedMail(fr, { name: "Awa Traoré", appUrl: "https://x.test" }).text).toMatch(
      /^Bonjour Awa Traoré,\n\nVotre demande de compte .* a été refusée/,
    );
    expect(
      accountApprovedMail(fr, { name: "Awa Traoré", appUrl: "https://x.test", dashboardPath: "/dashboard/doctor" })
        .subject,
    ).toBe(`Votre compte ${SITE.name} est approuvé`);
  });
  it("leaves no English sentence in a French mail", () => {
    const mails = [
      verificationMail(fr, { link: "https://x.test/v" }),
      resetPasswordMail(fr, { link: "https://x.test/r" }),
      existingAccountMail(fr, { appUrl: "https://x.test" }),
      failedSignInsMail(fr, { appUrl: "https://x.test" }),
      accountApprovedMail(fr, { name: "Awa", appUrl: "https://x.test", dashboardPath: "/d" }),
      accountDeclinedMail(fr, { name: "Awa", appUrl: "https://x.test" }),
    ];
    for (const mail of mails) {
      expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toMatch(/\b(Hello|Please|your|the|If you|Sign in)\b/);
    }
  });
});
