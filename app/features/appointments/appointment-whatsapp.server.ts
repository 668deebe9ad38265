import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, gte } from "drizzle-orm";
import { SITE } from "~/content/site";
import type { Db } from "~/db/client.server";
import { appointmentRequests } from "~/db/schema";
import { type Env, env } from "~/env.server";
import { logger } from "~/lib/logger.server";
import { proveRequest } from "./appointment-request.server";
import { PROOF_VALID_HOURS } from "./appointment-status";

/*
 * The click-to-chat proof (decision 046): where WhatsApp is configured with the
 * business's number (WHATSAPP_BUSINESS_NUMBER), the request's page offers a wa.me link whose
 * message carries a code made from the request's id. When the patient sends it, Meta posts the
 * message to /webhooks/whatsapp (signed: X-Hub-Signature-256, checked before anything is read);
 * a code that names an unproven request **of the sender's own number** proves it, as the SMS link
 * does. A message from any other number proves nothing, whatever code it carries. Nothing is sent
 * to anyone here: the limits of the form (3 requests a day per number, 20 an hour per IP, the
 * link the only SMS an unproven number gets) are unchanged.
 */

const PURPOSE = "appointment-whatsapp-proof";
/** No 0/O, 1/I: a code people can read back. 8 characters of 32: 40 bits of the HMAC. */
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const CODE = /\bQH[\s-]?([A-HJ-NP-Z2-9]{4})[\s-]?([A-HJ-NP-Z2-9]{4})\b/;

/** The request's code, `QH-XXXX-XXXX`: nothing stored (made again from the id), useless for any other request. */
export function whatsappProofCode(id: string): string {
  const mac = createHmac("sha256", env().AUTH_SECRET).update(`${PURPOSE}\n${id}`).digest();
  const chars = [...mac.subarray(0, 8)].map((byte) => ALPHABET[byte % 32]).join("");
  return `QH-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/** The words the patient's WhatsApp opens with (they only press Send). */
export function whatsappProofText(id: string): string {
  return `${SITE.name}: please send my appointment request. Code ${whatsappProofCode(id)}`;
}

/** https://wa.me/{business number}?text=..., or null when WhatsApp or the business number is not configured. */
export function clickToChatLink(
  id: string,
  config: Pick<Env, "whatsappEnabled" | "WHATSAPP_BUSINESS_NUMBER"> = env(),
): string | null {
  if (!config.whatsappEnabled || !config.WHATSAPP_BUSINESS_NUMBER) return null;
  return `https://wa.me/${config.WHATSAPP_BUSINESS_NUMBER}?text=${encodeURIComponent(whatsappProofText(id))}`;
}

function sameCode(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The text messages of a signed webhook (delivery-reports.server.ts): each one carrying a code
 * proves the unproven request of its sender's number that the code names (while the request's
 * proof is valid, 24 hours). Meta delivers a webhook again until it is answered: a request proven
 * already is not proven twice. Returns how many were proven.
 */
export async function proveByWhatsApp(
  db: Db,
  texts: readonly { from: string; text: string }[],
  now = new Date(),
): Promise<number> {
  let proven = 0;
  for (const { from, text } of texts) {
    const match = CODE.exec(text.toUpperCase());
    if (!match) continue;
    const code = `QH-${match[1]}-${match[2]}`;
    const phone = `+${from}`;
    const candidates = await db
      .select({ id: appointmentRequests.id })
      .from(appointmentRequests)
      .where(
        and(
          eq(appointmentRequests.phone, phone),
          eq(appointmentRequests.status, "unproven"),
          gte(appointmentRequests.createdAt, new Date(now.getTime() - PROOF_VALID_HOURS * 3_600_000)),
        ),
      );
    const request = candidates.find((c) => sameCode(whatsappProofCode(c.id), code));
    if (!request) {
      // A code for another number, an old one, or none of ours: nothing happens (no answer is sent).
      logger.info({ candidates: candidates.length }, "WhatsApp message with a code that proves no request");
      continue;
    }
    if (await db.transaction((tx) => proveRequest(tx, request.id, now, "whatsapp"))) proven += 1;
  }
  return proven;
}
