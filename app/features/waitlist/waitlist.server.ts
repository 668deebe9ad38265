import { and, eq, sql } from "drizzle-orm";
import type { Hub } from "~/content/hubs";
import { SITE } from "~/content/site";
import type { Db } from "~/db/client.server";
import { hubWaitlist } from "~/db/schema";
import type { Mail } from "~/email/send.server";
import { env } from "~/env.server";
import { queueEmail } from "~/features/messaging/public.server";
import { launchDateIn } from "~/i18n/launch-date-in";
import { type Locale, localePath } from "~/i18n/locales";
import { messageT } from "~/i18n/message-text.server";
import { logger } from "~/lib/logger.server";
import { parsePhone } from "~/lib/phone";
import { hitRateLimit, tooManyAttemptsMessage } from "~/lib/rate-limit.server";
import { refuse } from "~/lib/refusal";
import { signRemovalToken, verifyRemovalToken } from "./removal-token.server";
import { asWaitlistHub } from "./waitlist-hubs";
import { duplicateNotice, GENERIC_ERROR } from "./waitlist-messages";
import { type FieldErrors, parseWaitlistSubmission, type UserType, type WaitlistSubmission } from "./waitlist-schema";

/** 10 sign-ups a minute per IP (100 times more in the e2e server, which posts from one address). */
export function waitlistRateLimit() {
  const relaxed = process.env.E2E_RELAXED_RATE_LIMITS === "1";
  return { limit: relaxed ? 1000 : 10, windowMs: 60_000 };
}

export type JoinWaitlistResult =
  | { status: "joined"; userType: UserType; entryId: string; byEmail: boolean }
  | { status: "duplicate"; userType: UserType }
  | { status: "invalid"; userType: UserType | null; fieldErrors: FieldErrors; message: string }
  | { status: "rate-limited"; userType: UserType; message: string }
  | { status: "hub-not-found" }
  | { status: "error"; userType: UserType | null; message: string };

export type JoinWaitlistOptions = {
  ip: string;
  /** The language of the page they signed up on (decision 048): their confirmation and SMS are in it. */
  locale?: Locale;
  /** Hub lookup: the route passes the hubs feature's `findHub` (tests pass their own hubs). */
  findHub: (id: string) => Hub | undefined | Promise<Hub | undefined>;
  now?: Date;
};

/** The SQLSTATE of a failed query: drizzle wraps the driver's error in `cause`. */
function sqlState(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.cause?.code ?? e?.code;
  return typeof code === "string" ? code : undefined;
}

/**
 * Adds a founding member (professional) or an interested facility to a coming-soon hub's
 * waitlist. `input` is the posted form. Validates with the form's schema (nothing is stored
 * from an invalid input), rate limits per IP, and relies on the unique index on
 * (hub_id, lower(email)) so that two simultaneous identical sign-ups cannot both get in.
 * The confirmation email (with a signed removal link) is queued in the entry's transaction.
 */
export async function joinWaitlist(
  db: Db,
  hubId: string,
  input: Record<string, unknown>,
  options: JoinWaitlistOptions,
): Promise<JoinWaitlistResult> {
  const hub = asWaitlistHub(await options.findHub(hubId));
  if (!hub) return { status: "hub-not-found" };

  const parsed = parseWaitlistSubmission(input);
  if (!parsed.ok) {
    return { status: "invalid", userType: parsed.userType, fieldErrors: parsed.fieldErrors, message: parsed.message };
  }
  const { submission } = parsed;
  const { userType } = submission;
  // SMS consent (decision 029): only to a number that can receive one, stored in E.164.
  let smsPhone: string | null = null;
  if (submission.data.smsConsent) {
    const phone = parsePhone(submission.data.phone ?? "", { mobile: true });
    if (!phone.ok)
      return { status: "invalid", userType, fieldErrors: { phone: phone.message }, message: phone.message };
    smsPhone = phone.e164;
  }
  const now = options.now ?? new Date();
  const locale = options.locale ?? "en";

  try {
    const limit = await hitRateLimit(db, `waitlist:ip:${options.ip}`, waitlistRateLimit(), options.now);
    if (!limit.ok) {
      return { status: "rate-limited", userType, message: tooManyAttemptsMessage(limit.retryAfterSeconds) };
    }
  } catch (error) {
    logger.error({ err: error }, "waitlist rate limit check failed");
    return { status: "error", userType, message: GENERIC_ERROR };
  }

  let entryId: string;
  try {
    // The entry and its confirmation (a messages row and its job) are one transaction (a savepoint
    // when the caller's idempotency transaction is open): both or neither.
    entryId = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(hubWaitlist)
        .values({ ...toRow(hub.id, submission, smsPhone, now), language: locale })
        .returning({ id: hubWaitlist.id });
      // A patient who gave only a mobile number (decision 029) gets no confirmation: the page is the
      // receipt, and their consent is to the launch and update SMS only.
      if (submission.data.email !== null) {
        const config = env();
        const token = signRemovalToken(row!.id, config.AUTH_SECRET);
        const page = (path: string) => `${config.APP_URL}${localePath(locale, path)}`;
        const removeUrl = page(`/hub/${encodeURIComponent(hub.id)}/leave?token=${token}`);
        await queueEmail(tx, confirmationMail(hub, submission, removeUrl, page(`/hub/${hub.id}`), locale), {
          event: "waitlist.joined",
        });
      }
      return row!.id;
    });
  } catch (error) {
    if (sqlState(error) === "23505") return { status: "duplicate", userType };
    logger.error({ err: error, hubId: hub.id }, "waitlist sign-up failed");
    return { status: "error", userType, message: GENERIC_ERROR };
  }
  return { status: "joined", userType, entryId, byEmail: submission.data.email !== null };
}

/**
 * A sign-up's outcome on the form path (decision 029): the joined entry, or a thrown refusal whose
 * status and message give the spec's toast (`refusedNotice`): a duplicate 409, a refused value 400
 * (with its field), a rate limit 429, a failure 503 ("Something went wrong. Please try again.").
 */
export function joinedOrRefuse(result: JoinWaitlistResult): Extract<JoinWaitlistResult, { status: "joined" }> {
  switch (result.status) {
    case "joined":
      return result;
    case "duplicate":
      return refuse(409, duplicateNotice(result.userType).description);
    case "invalid":
      return refuse(400, result.message, result.fieldErrors);
    case "rate-limited":
      return refuse(429, result.message);
    case "error":
      return refuse(503, result.message);
    case "hub-not-found":
      return refuse(404, "Hub Not Found");
  }
}

/**
 * The entry's row. With SMS consent the phone is the parsed E.164 number and the consent's date is
 * kept (Ghana's Data Protection Act 2012); without it the phone is kept as typed and no SMS is sent.
 */
function toRow(
  hubId: string,
  submission: WaitlistSubmission,
  smsPhone: string | null,
  now: Date,
): typeof hubWaitlist.$inferInsert {
  const sms = smsPhone ? { phone: smsPhone, smsConsentAt: now } : { phone: submission.data.phone };
  if (submission.userType === "professional") {
    const d = submission.data;
    return {
      hubId,
      userType: "professional",
      email: d.email,
      fullName: d.fullName,
      professionalTitle: d.professionalTitle,
      specialty: d.specialty,
      yearsOfExperience: d.yearsOfExperience,
      country: d.country,
      ...sms,
      message: d.message,
    };
  }
  if (submission.userType === "patient") {
    const d = submission.data;
    return { hubId, userType: "patient", email: d.email, fullName: d.fullName, ...sms };
  }
  const d = submission.data;
  return {
    hubId,
    userType: "facility",
    email: d.email,
    // spec section 3: full_name holds the contact person for facilities.
    fullName: d.contactPerson,
    facilityName: d.facilityName,
    facilityType: d.facilityType,
    country: d.country,
    ...sms,
    message: d.message,
  };
}

/**
 * The confirmation, in the language of the page they signed up on (decision 048): which hub, what
 * happens next, and the link that removes the entry (its page in their language too).
 */
export function confirmationMail(
  hub: Hub,
  submission: WaitlistSubmission,
  removeUrl: string,
  hubUrl: string,
  locale: Locale = "en",
): Mail {
  const t = messageT(locale);
  const values = {
    hub: hub.title,
    when: hub.launchDate ? t("mail.waitlist.when", { date: launchDateIn(locale, hub.launchDate) }) : "",
  };
  const footer = [
    t("mail.waitlist.hub-page", { link: hubUrl }),
    "",
    t("mail.waitlist.remove"),
    removeUrl,
    "",
    SITE.name,
  ];
  const body = (thanks: string, next: string[]) =>
    // The address is not confirmed: no name typed into the form is repeated (anyone can sign up anyone).
    [t("mail.hello"), "", thanks, "", t("mail.waitlist.next"), ...next, "", ...footer].join("\n");
  if (submission.userType === "professional") {
    return {
      to: submission.data.email,
      subject: t("mail.waitlist.subject", values),
      text: body(t("mail.waitlist.professional.thanks", values), [
        t("mail.waitlist.professional.opens", values),
        t("mail.waitlist.professional.perks"),
        t("mail.waitlist.nothing"),
      ]),
    };
  }
  if (submission.userType === "patient") {
    return {
      to: submission.data.email ?? [],
      subject: t("mail.waitlist.subject", values),
      text: body(t("mail.waitlist.patient.thanks", values), [
        t("mail.waitlist.patient.opens", values),
        t("mail.waitlist.nothing"),
      ]),
    };
  }
  return {
    to: submission.data.email,
    subject: t("mail.waitlist.facility.subject", values),
    text: body(t("mail.waitlist.facility.thanks", values), [
      t("mail.waitlist.facility.contact", values),
      t("mail.waitlist.facility.free"),
      t("mail.waitlist.nothing"),
    ]),
  };
}

/** How an entry is named on the removal page: its email, or the number of a phone-only entry (decision 029). */
const contactOf = sql<string>`coalesce(${hubWaitlist.email}, ${hubWaitlist.phone}, '')`;

export type RemovalCheck = { status: "valid"; hubId: string; email: string } | { status: "invalid" };

/** Whether a removal link still works (for the confirmation page). Never throws on bad tokens. */
export async function checkRemovalToken(db: Db, hubId: string, token: unknown): Promise<RemovalCheck> {
  const entryId = verifyRemovalToken(token, env().AUTH_SECRET);
  if (!entryId) return { status: "invalid" };
  const [row] = await db
    .select({ hubId: hubWaitlist.hubId, email: contactOf })
    .from(hubWaitlist)
    .where(and(eq(hubWaitlist.id, entryId), eq(hubWaitlist.hubId, hubId)));
  return row ? { status: "valid", ...row } : { status: "invalid" };
}

export type RemovalResult = { status: "removed"; hubId: string; email: string } | { status: "invalid" };

/**
 * Removes the waitlist entry a signed removal link names. Works once: the row is deleted,
 * so the same link finds nothing the second time. A tampered token is refused.
 */
export async function removeFromWaitlist(db: Db, token: unknown, hubId?: string): Promise<RemovalResult> {
  const entryId = verifyRemovalToken(token, env().AUTH_SECRET);
  if (!entryId) return { status: "invalid" };
  const [row] = await db
    .delete(hubWaitlist)
    .where(hubId ? and(eq(hubWaitlist.id, entryId), eq(hubWaitlist.hubId, hubId)) : eq(hubWaitlist.id, entryId))
    .returning({ hubId: hubWaitlist.hubId, email: contactOf });
  return row ? { status: "removed", ...row } : { status: "invalid" };
}
