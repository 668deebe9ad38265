import { SITE } from "~/content/site";
import { type MailContent, simpleMail } from "~/email/layout";
import type { Translate } from "~/i18n/i18n";

/**
 * Referral emails, in the reader's language (`t`, decision 048). They carry the referral number and a
 * link, never clinical details or the patient's identity ("mail never carries clinical
 * details"); the reader signs in to see more.
 */
/** A referral's own page: every mail about a referral links there. */
export function referralLink(appUrl: string, referralNumber: string): string {
  return `${appUrl}/referrals/${encodeURIComponent(referralNumber)}`;
}

function openReferral(t: Translate, appUrl: string, number: string) {
  return { label: t("mail.referral.open", { number }), href: referralLink(appUrl, number) };
}

export function newReferralMail(t: Translate, input: { referralNumber: string; appUrl: string }): MailContent {
  const number = input.referralNumber;
  return simpleMail(
    t("mail.referral.new.subject", { number }),
    [t("mail.hello"), t("mail.referral.new.body", { number, brand: SITE.name }), t("mail.referral.new.next")],
    openReferral(t, input.appUrl, number),
    t,
  );
}

/** To the receiving facility's administrators: the doctor withdrew a pending referral (the reason stays on the page). */
export function referralCancelledMail(t: Translate, input: { referralNumber: string; appUrl: string }): MailContent {
  const number = input.referralNumber;
  return simpleMail(
    t("mail.referral.cancelled.subject", { number }),
    [t("mail.hello"), t("mail.referral.cancelled.body", { number }), t("mail.referral.cancelled.next")],
    openReferral(t, input.appUrl, number),
    t,
  );
}

/** To the other side of a referral: a new message is waiting (never the message itself). */
export function referralMessageMail(t: Translate, input: { referralNumber: string; appUrl: string }): MailContent {
  const number = input.referralNumber;
  return simpleMail(
    t("mail.referral.message.subject", { number }),
    [t("mail.hello"), t("mail.referral.message.body", { number }), t("mail.referral.message.next")],
    openReferral(t, input.appUrl, number),
    t,
  );
}

/**
 * The doctor's notice of an outcome: the number and a link only. A rejection's reason is free text a
 * facility typed (it may be clinical): it stays on the platform, shown on the dashboard.
 */
export function referralStatusMail(
  t: Translate,
  input: {
    doctorName: string;
    referralNumber: string;
    status: "accepted" | "rejected" | "completed";
    appUrl: string;
  },
): MailContent {
  const { status, referralNumber: number } = input;
  const paragraphs = [
    t("mail.hello-name", { name: input.doctorName }),
    t("mail.referral.status.body", { number, status }),
  ];
  if (status === "rejected") paragraphs.push(t("mail.referral.status.rejected"));
  if (status === "completed") paragraphs.push(t("mail.referral.status.completed"));
  return simpleMail(
    t("mail.referral.status.subject", { number, status }),
    paragraphs,
    openReferral(t, input.appUrl, number),
    t,
  );
}
