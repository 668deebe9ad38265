import { SITE } from "~/content/site";
import { type MailContent, simpleMail } from "~/email/layout";

/**
 * Referral emails. They carry the referral number and a link, never clinical details or the
 * patient's identity (issue 7: "mail never carries clinical details"); the reader signs in to see more.
 */
/** A referral's own page: every mail about a referral links there. */
export function referralLink(appUrl: string, referralNumber: string): string {
  return `${appUrl}/referrals/${encodeURIComponent(referralNumber)}`;
}

function openReferral(appUrl: string, referralNumber: string) {
  return { label: `Open referral ${referralNumber}`, href: referralLink(appUrl, referralNumber) };
}

export function newReferralMail(input: { referralNumber: string; appUrl: string }): MailContent {
  return simpleMail(
    `New referral ${input.referralNumber}`,
    [
      "Hello,",
      `Your facility has received a new referral, ${input.referralNumber}, through ${SITE.name}.`,
      "Please sign in to review it and accept or reject it.",
    ],
    openReferral(input.appUrl, input.referralNumber),
  );
}

/** To the receiving facility's administrators: the doctor withdrew a pending referral (the reason stays on the page). */
export function referralCancelledMail(input: { referralNumber: string; appUrl: string }): MailContent {
  return simpleMail(
    `Referral ${input.referralNumber} cancelled`,
    [
      "Hello,",
      `The referring doctor has cancelled referral ${input.referralNumber}. No action is needed from your facility.`,
      "Sign in to read the doctor's reason.",
    ],
    openReferral(input.appUrl, input.referralNumber),
  );
}

/** To the other side of a referral: a new message is waiting (never the message itself). */
export function referralMessageMail(input: { referralNumber: string; appUrl: string }): MailContent {
  return simpleMail(
    `New message on referral ${input.referralNumber}`,
    ["Hello,", `There is a new message on referral ${input.referralNumber}.`, "Sign in to read it and reply."],
    openReferral(input.appUrl, input.referralNumber),
  );
}

const OUTCOME: Record<"accepted" | "rejected" | "completed", string> = {
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
  status: "accepted" | "rejected" | "completed";
  appUrl: string;
}): MailContent {
  const paragraphs = [`Hello ${input.doctorName},`, `Your referral ${input.referralNumber} ${OUTCOME[input.status]}.`];
  if (input.status === "rejected") paragraphs.push("Sign in to read the facility's reason.");
  if (input.status === "completed") paragraphs.push("Sign in to read the facility's outcome note.");
  return simpleMail(
    `Referral ${input.referralNumber} ${input.status}`,
    paragraphs,
    openReferral(input.appUrl, input.referralNumber),
  );
}
