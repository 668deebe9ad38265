import { shapeSms } from "~/lib/sms-text";

/**
 * A waitlist SMS (issue 26): the brand, the hub and what happened (launch or update), a link to the
 * hub's page and the link that stops these SMS. Never the update's own words (they may be long or
 * not GSM-7): the hub page says the rest. At most two GSM-7 parts; the links are always sent whole.
 */
export function waitlistSms(
  brand: string,
  hubTitle: string,
  kind: "launch" | "update",
  hubLink: string,
  stopLink: string,
): string {
  if (!/^https?:\/\/\S+$/.test(hubLink) || !/^https?:\/\/\S+$/.test(stopLink)) throw new Error("not a link");
  const words =
    kind === "launch" ? `${brand}: the ${hubTitle} hub is now open.` : `${brand}: news about the ${hubTitle} hub.`;
  return shapeSms(words, `${hubLink} Stop: ${stopLink}`);
}
