import { SITE } from "~/content/site";
import { type MailContent, simpleMail } from "~/email/layout";
import type { ReferralStatus } from "./referral-status";

/**
 * Referral emails. They carry the referral number and a link, never clinical details or the
 * patient's identity (issue 7: "mail never carries clinical details"); the reader signs in to see more.
 */
export function newReferralMail(input: { referralNumber: string; appUrl: string }): MailContent {
  return simpleMail(
    `New referral ${input.referralNumber}`,
    [
      "Hello,",
      `Your facility has received a new referral, ${input.referralNumber}, through ${SITE.name}.`,
      "Please sign in to review it and accept or reject it.",
    ],
    { label: "Open your facility dashboard", href: `${input.appUrl}/dashboard/facility-admin` },
  );
}

const OUTCOME: Record<Exclude<ReferralStatus, "pending">, string> = {
  accepted: "has been accepted by the receiving facility",
  rejected: "has been rejected by the receiving facility",
  completed: "has been marked as completed by the receiving facility. Your share of the referral fee is now due to you",
};

/**
 * The doctor's notice of an outcome: the number and a link only. A rejection's reason is free text a
 * facility typed (it may be clinical): it stays on the platform, shown on the dashboard.
 */
export function referralStatusMail(input: {
  doctorName: string;
  referralNumber: string;
  status: Exclude<ReferralStatus, "pending">;
  appUrl: string;
}): MailContent {
  const paragraphs = [`Hello ${input.doctorName},`, `Your referral ${input.referralNumber} ${OUTCOME[input.status]}.`];
  if (input.status === "rejected") paragraphs.push("Sign in to read the facility's reason.");
  return simpleMail(`Referral ${input.referralNumber} ${input.status}`, paragraphs, {
    label: "Open your dashboard",
    href: `${input.appUrl}/dashboard/doctor`,
  });
}
