import { SITE } from "../content/site.ts";
import { type MailContent, mailHtml } from "../email/layout.ts";

/** The account emails (see app/email/layout.ts for the shared frame). */
export type AccountMail = MailContent;

const html = mailHtml;

/*
 * Mail to an address that has not been confirmed never repeats a name typed into a form: anyone
 * can register someone else's address with "URGENT: call +233..." as the name and have our server
 * send it. These messages greet no one by name; only mail to a confirmed, approved account does.
 */

export function verificationMail(input: { link: string }): AccountMail {
  const lines = [
    "Hello,",
    `Thank you for registering with ${SITE.name}. Please confirm your email address to finish setting up your account.`,
    "This link is valid for 24 hours. If you did not register, you can ignore this email.",
  ];
  return {
    subject: `Confirm your email address for ${SITE.name}`,
    text: `${lines[0]}\n\n${lines[1]}\n\nConfirm your email address:\n${input.link}\n\n${lines[2]}\n\n${SITE.name}\n`,
    html: html(lines, { label: "Confirm email address", href: input.link }),
  };
}

export function resetPasswordMail(input: { link: string }): AccountMail {
  const lines = [
    "Hello,",
    `We received a request to reset the password of your ${SITE.name} account.`,
    "This link is valid for 30 minutes and can be used once. Requesting another email makes this link stop working. If you did not ask for a reset, you can ignore this email: your password stays the same.",
  ];
  return {
    subject: `Reset your ${SITE.name} password`,
    text: `${lines[0]}\n\n${lines[1]}\n\nSet a new password:\n${input.link}\n\n${lines[2]}\n\n${SITE.name}\n`,
    html: html(lines, { label: "Set a new password", href: input.link }),
  };
}

/** Sent when someone registers with an address that already has an account (the form answers as usual). */
export function existingAccountMail(input: { appUrl: string }): AccountMail {
  const signIn = `${input.appUrl}/auth`;
  const reset = `${input.appUrl}/forgot-password`;
  const lines = [
    "Hello,",
    `Someone tried to register a new ${SITE.name} account with this email address, which already has an account.`,
    `If it was you, sign in at ${signIn}, or choose a new password at ${reset}. If it was not you, you can ignore this email.`,
  ];
  return {
    subject: `You already have a ${SITE.name} account`,
    text: `${lines.join("\n\n")}\n\n${SITE.name}\n`,
    html: html(lines),
  };
}

/** Sent once a day at most when an account sees many failed sign-ins from anywhere. */
export function failedSignInsMail(input: { appUrl: string }): AccountMail {
  const reset = `${input.appUrl}/forgot-password`;
  const lines = [
    "Hello,",
    `There have been many failed attempts to sign in to your ${SITE.name} account in the last few minutes. Your account stays open to you: signing in may take a few seconds longer for a while.`,
    `If it was not you, someone may be guessing your password. Choose a new, strong one at ${reset}.`,
  ];
  return {
    subject: `Failed sign-in attempts on your ${SITE.name} account`,
    text: `${lines.join("\n\n")}\n\n${SITE.name}\n`,
    html: html(lines, { label: "Choose a new password", href: reset }),
  };
}

export function accountApprovedMail(input: { name: string; appUrl: string; dashboardPath: string }): AccountMail {
  const link = `${input.appUrl}${input.dashboardPath}`;
  const lines = [
    `Hello ${input.name},`,
    `Your ${SITE.name} account has been approved. You can now use your dashboard.`,
  ];
  return {
    subject: `Your ${SITE.name} account is approved`,
    text: `${lines.join("\n\n")}\n\n${link}\n\n${SITE.name}\n`,
    html: html(lines, { label: "Open your dashboard", href: link }),
  };
}

/**
 * An account a system administrator declined (issue 19): says so and links to sign in, where the
 * reason is shown; the reason itself never travels by mail (decisions section 4: no free text).
 */
export function accountDeclinedMail(input: { name: string; appUrl: string }): AccountMail {
  const link = `${input.appUrl}/auth`;
  const lines = [
    `Hello ${input.name},`,
    `Your ${SITE.name} account request was declined by an administrator. Sign in to read why and what you can do.`,
  ];
  return {
    subject: `Your ${SITE.name} account request was declined`,
    text: `${lines.join("\n\n")}\n\n${link}\n\n${SITE.name}\n`,
    html: html(lines, { label: "Sign in", href: link }),
  };
}
