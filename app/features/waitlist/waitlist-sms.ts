import type { Translate } from "~/i18n/i18n";
import { shapeSms } from "~/lib/sms-text";

/**
 * A waitlist SMS, in the language of the page they signed up on (`t`, decision 048): the
 * brand, the hub and what happened (launch or update), a link to the hub's page and the link that
 * stops these SMS. Never the update's own words (they may be long or not GSM-7): the hub page says
 * the rest. At most two parts; the links are always sent whole.
 */
export function waitlistSms(
  t: Translate,
  brand: string,
  hubTitle: string,
  kind: "launch" | "update",
  hubLink: string,
  stopLink: string,
): string {
  if (!/^https?:\/\/\S+$/.test(hubLink) || !/^https?:\/\/\S+$/.test(stopLink)) throw new Error("not a link");
  return shapeSms(
    t(`sms.waitlist.${kind}`, { brand, hub: hubTitle }),
    `${hubLink} ${t("sms.waitlist.stop", { link: stopLink })}`,
  );
}
