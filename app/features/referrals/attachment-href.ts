/** An attached file's download address (authorised like the referral's page). */
export const attachmentHref = (referralNumber: string, id: string) =>
  `/referrals/${encodeURIComponent(referralNumber)}/files/${encodeURIComponent(id)}`;
