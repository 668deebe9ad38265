import { contactSubjectLabel } from "~/content/contact";
import { SITE } from "~/content/site";
import type { Db } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import { env } from "~/env.server";
import { queueEmail } from "~/features/messaging/public.server";
import { hitRateLimit, type RateLimit, tooManyAttemptsMessage } from "~/lib/rate-limit.server";
import { parseOrRefuse, refuse } from "~/lib/refusal";
import { type ContactInput, contactSchema } from "./contact-schema";

/** Messages per client address: 5 in 10 minutes (x100 in the e2e server, which posts from one address). */
export const CONTACT_RATE_LIMIT: RateLimit = { limit: 5, windowMs: 10 * 60_000 };

function contactRateLimit(): RateLimit {
  const relaxed = process.env.E2E_RELAXED_RATE_LIMITS === "1";
  return relaxed ? { ...CONTACT_RATE_LIMIT, limit: CONTACT_RATE_LIMIT.limit * 100 } : CONTACT_RATE_LIMIT;
}

/**
 * The contact form (decisions section 5): validates with the form's schema, counts the attempt
 * against the sender's address, stores the message and emails it to CONTACT_INBOX with
 * Reply-To set to the visitor. Invalid input stores and sends nothing. The stored row is the
 * record: if the mail server is down the message is kept (and the failure logged), so the
 * visitor is not asked to send it again.
 */
export async function submitContactMessage(
  db: Db,
  input: unknown,
  options: { ip: string; now?: Date },
): Promise<{ id: string }> {
  // Refusals are thrown (400 with each field's message, 429 for the rate limit): nothing is stored.
  const message = parseOrRefuse(contactSchema, input);

  const limit = await hitRateLimit(db, `contact:ip:${options.ip}`, contactRateLimit(), options.now);
  if (!limit.ok) refuse(429, tooManyAttemptsMessage(limit.retryAfterSeconds));

  // The message and the email to the team are one transaction: stored, it is also mailed.
  const row = await db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(contactMessages)
      .values({
        name: message.name,
        email: message.email,
        phone: message.phone ?? null,
        subject: message.subject,
        message: message.message,
      })
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
    await queueEmail(tx, contactNotification(message, stored.createdAt), { event: "contact.message" });
    return stored;
  });
  return { id: row.id };
}

const accraTime = new Intl.DateTimeFormat("en-GH", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Africa/Accra",
});

/** The email to the team inbox. Header values are kept to one line. */
export function contactNotification(message: ContactInput, receivedAt: Date) {
  const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();
  const subjectLabel = contactSubjectLabel(message.subject);
  const text = [
    `New message from the ${SITE.name} contact form.`,
    "",
    `From: ${oneLine(message.name)} <${message.email}>`,
    `Phone: ${message.phone ?? "not given"}`,
    `Subject: ${subjectLabel}`,
    `Received: ${accraTime.format(receivedAt)} (Accra)`,
    "",
    message.message,
    "",
    "--",
    `Reply to this email to answer ${oneLine(message.name)} directly. We promise a reply within 24 hours.`,
  ].join("\n");
  return {
    to: env().CONTACT_INBOX,
    replyTo: message.email,
    subject: oneLine(`Contact form: ${subjectLabel} from ${message.name}`).slice(0, 200),
    text,
  };
}
