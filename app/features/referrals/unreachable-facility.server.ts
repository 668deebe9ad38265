import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { facilities } from "~/db/schema";
import { simpleMail } from "~/email/layout";
import { notifyUsers, systemAdminIds } from "~/features/messaging/public.server";
import type { Translate } from "~/i18n/i18n";
import { referralLink } from "./referral-mail";

/*
 * A referral to a facility that no one there can be told about (no approved
 * administrator, no on-call number, or none who chose a channel) reaches no one by itself. The
 * system administrators are alerted at once, whatever their quiet hours, to phone the facility;
 * the alert carries the facility's name and public numbers, the referral number and a link, never
 * patient or clinical text.
 */

type Tx = Parameters<typeof notifyUsers>[0] & Pick<Db, "select">;

/** The system administrators' alert mail: which facility to phone, its public numbers, the referral's link. */
export function unreachableFacilityMail(
  t: Translate,
  appUrl: string,
  referralNumber: string,
  facility: { name: string; phones: readonly string[] },
) {
  const number = referralNumber;
  const phones = facility.phones.length > 0 ? facility.phones.join(", ") : t("mail.unreachable.no-phones");
  return simpleMail(
    t("mail.unreachable.subject", { facility: facility.name, number }),
    [
      t("mail.hello"),
      t("mail.unreachable.body", { facility: facility.name, number }),
      t("mail.unreachable.next", { phones }),
    ],
    { label: t("mail.notice.open"), href: referralLink(appUrl, referralNumber) },
    t,
  );
}

/** Alerts every system administrator to phone the facility of a referral no one there was told of. Returns the messages queued. */
export async function alertUnreachableFacility(
  tx: Tx,
  options: { appUrl: string; facilityId: string; referralId: string; referralNumber: string; now?: Date },
): Promise<string[]> {
  const [facility] = await tx
    .select({ name: facilities.name, contact: facilities.contact })
    .from(facilities)
    .where(eq(facilities.id, options.facilityId))
    .limit(1);
  if (!facility) return [];
  return notifyUsers(tx, await systemAdminIds(tx), {
    kind: "referral.unreachable",
    event: "referral.unreachable",
    sms: "referral_unreachable",
    referralId: options.referralId,
    referralNumber: options.referralNumber,
    // At once, whatever the quiet hours: a patient may be on the way.
    emergency: true,
    mail: (t) =>
      unreachableFacilityMail(t, options.appUrl, options.referralNumber, {
        name: facility.name,
        phones: facility.contact?.phones ?? [],
      }),
    now: options.now,
  });
}
