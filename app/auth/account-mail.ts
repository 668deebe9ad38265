import { SITE } from "../content/site.ts";
import { type MailContent, mailHtml } from "../email/layout.ts";
import type { Translate } from "../i18n/i18n.ts";
import { type Locale, localePath } from "../i18n/locales.ts";

/** The account emails (see app/email/layout.ts for the shared frame). */
export type AccountMail = MailContent;

/**
 * Who reads it (decision 048): `t` writes in their language, `locale` picks the pages its links open
 * (French ones under /fr).
 */
export type MailReader = { t: Translate; locale: Locale };

const brand = SITE.name;

/*
 * Mail to an address that has not been confirmed never repeats a name typed into a form: anyone
 * can register someone else's address with "URGENT: call +233..." as the name and have our server
 * send it. These messages greet no one by name; only mail to a confirmed, approved account does.
 */

export function verificationMail({ t }: MailReader, input: { link: string }): AccountMail {
  const lines = [t("mail.hello"), t("mail.verify.intro", { brand }), t("mail.verify.validity")];
  return {
    subject: t("mail.verify.subject", { brand }),
    text: `${lines[0]}\n\n${lines[1]}\n\n${t("mail.verify.text-action")}\n${input.link}\n\n${lines[2]}\n\n${brand}\n`,
    html: mailHtml(lines, { label: t("mail.verify.action"), href: input.link }, t),
  };
}

export function resetPasswordMail({ t }: MailReader, input: { link: string }): AccountMail {
  const lines = [t("mail.hello"), t("mail.reset.intro", { brand }), t("mail.reset.validity")];
  return {
    subject: t("mail.reset.subject", { brand }),
    text: `${lines[0]}\n\n${lines[1]}\n\n${t("mail.reset.text-action")}\n${input.link}\n\n${lines[2]}\n\n${brand}\n`,
    html: mailHtml(lines, { label: t("mail.reset.action"), href: input.link }, t),
  };
}

/** Sent when someone registers with an address that already has an account (the form answers as usual). */
export function existingAccountMail({ t, locale }: MailReader, input: { appUrl: string }): AccountMail {
  const signIn = `${input.appUrl}${localePath(locale, "/auth")}`;
  const reset = `${input.appUrl}${localePath(locale, "/forgot-password")}`;
  const lines = [t("mail.hello"), t("mail.existing.intro", { brand }), t("mail.existing.next", { signIn, reset })];
  return {
    subject: t("mail.existing.subject", { brand }),
    text: `${lines.join("\n\n")}\n\n${brand}\n`,
    html: mailHtml(lines, undefined, t),
  };
}

/** Sent once a day at most when an account sees many failed sign-ins from anywhere. */
export function failedSignInsMail({ t, locale }: MailReader, input: { appUrl: string }): AccountMail {
  const reset = `${input.appUrl}${localePath(locale, "/forgot-password")}`;
  const lines = [t("mail.hello"), t("mail.failed.intro", { brand }), t("mail.failed.next", { reset })];
  return {
    subject: t("mail.failed.subject", { brand }),
    text: `${lines.join("\n\n")}\n\n${brand}\n`,
    html: mailHtml(lines, { label: t("mail.failed.action"), href: reset }, t),
  };
}

export function accountApprovedMail(
  { t }: MailReader,
  input: { name: string; appUrl: string; dashboardPath: string },
): AccountMail {
  const link = `${input.appUrl}${input.dashboardPath}`;
  const lines = [t("mail.hello-name", { name: input.name }), t("mail.approved.body", { brand })];
  return {
    subject: t("mail.approved.subject", { brand }),
    text: `${lines.join("\n\n")}\n\n${link}\n\n${brand}\n`,
    html: mailHtml(lines, { label: t("mail.approved.action"), href: link }, t),
  };
}

/**
 * An account a system administrator declined: says so and links to sign in, where the
 * reason is shown; the reason itself never travels by mail (decisions section 4: no free text).
 */
export function accountDeclinedMail({ t, locale }: MailReader, input: { name: string; appUrl: string }): AccountMail {
  const link = `${input.appUrl}${localePath(locale, "/auth")}`;
  const lines = [t("mail.hello-name", { name: input.name }), t("mail.declined.body", { brand })];
  return {
    subject: t("mail.declined.subject", { brand }),
    text: `${lines.join("\n\n")}\n\n${link}\n\n${brand}\n`,
    html: mailHtml(lines, { label: t("mail.declined.action"), href: link }, t),
  };
}
