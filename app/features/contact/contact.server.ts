import { contactSubjectLabel } from "~/content/contact";
import { SITE } from "~/content/site";
import type { Db } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import { sendMail } from "~/email/send.server";
import { env } from "~/env.server";
import { logger } from "~/lib/logger.server";
import { hitRateLimit, type RateLimit, tooManyAttemptsMessage } from "~/lib/rate-limit.server";
import type { ContactFieldErrors } from "./contact-fields";
import { type ContactInput, validateContact } from "./contact-schema";

/** Messages per client address: 5 in 10 minutes (x100 in the e2e server, which posts from one address). */
export const CONTACT_RATE_LIMIT: RateLimit = { limit: 5, windowMs: 10 * 60_000 };

function contactRateLimit(): RateLimit {
  const relaxed = process.env.E2E_RELAXED_RATE_LIMITS === "1";
  return relaxed ? { ...CONTACT_RATE_LIMIT, limit: CONTACT_RATE_LIMIT.limit * 100 } : CONTACT_RATE_LIMIT;
}

export type ContactSubmission =
  | { status: "sent"; id: string }
  | { status: "invalid"; fieldErrors: ContactFieldErrors; message: string }
  | { status: "rate-limited"; message: string };

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
): Promise<ContactSubmission> {
  const parsed = validateContact(input);
  if (!parsed.ok) return { status: "invalid", fieldErrors: parsed.fieldErrors, message: parsed.message };

  const limit = await hitRateLimit(db, `contact:ip:${options.ip}`, contactRateLimit(), options.now);
  if (!limit.ok) return { status: "rate-limited", message: tooManyAttemptsMessage(limit.retryAfterSeconds) };

  const message = parsed.data;
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: message.name,
      email: message.email,
      phone: message.phone ?? null,
      subject: message.subject,
      message: message.message,
    })
    .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });

  try {
    await sendMail(contactNotification(message, row.createdAt));
  } catch (error) {
    logger.error({ err: error, contactMessageId: row.id }, "contact message stored but the email to the team failed");
  }
  return { status: "sent", id: row.id };
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
