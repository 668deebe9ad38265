import { and, eq } from "drizzle-orm";
import type { Hub } from "~/content/hubs";
import { SITE } from "~/content/site";
import type { Db } from "~/db/client.server";
import { hubWaitlist } from "~/db/schema";
import { type Mail, sendMail } from "~/email/send.server";
import { env } from "~/env.server";
import { findHub as findHubInDb } from "~/features/hubs/hubs.server";
import { logger } from "~/lib/logger.server";
import { hitRateLimit, tooManyAttemptsMessage } from "~/lib/rate-limit.server";
import { signRemovalToken, verifyRemovalToken } from "./removal-token.server";
import { asWaitlistHub } from "./waitlist-hubs";
import {
  duplicateNotice,
  errorNotice,
  GENERIC_ERROR,
  joinedNotice,
  validationNotice,
  type WaitlistActionData,
} from "./waitlist-messages";
import {
  type FieldErrors,
  keptValues,
  parseWaitlistSubmission,
  type UserType,
  type WaitlistSubmission,
} from "./waitlist-schema";

/** 10 sign-ups a minute per IP (100 times more in the e2e server, which posts from one address). */
export function waitlistRateLimit() {
  const relaxed = process.env.E2E_RELAXED_RATE_LIMITS === "1";
  return { limit: relaxed ? 1000 : 10, windowMs: 60_000 };
}

export type JoinWaitlistResult =
  | { status: "joined"; userType: UserType; entryId: string }
  | { status: "duplicate"; userType: UserType }
  | { status: "invalid"; userType: UserType | null; fieldErrors: FieldErrors; message: string }
  | { status: "rate-limited"; userType: UserType; message: string }
  | { status: "hub-not-found" }
  | { status: "error"; userType: UserType | null; message: string };

export type JoinWaitlistOptions = {
  ip: string;
  /** Hub lookup (tests pass their own hubs). */
  findHub?: (id: string) => Hub | undefined | Promise<Hub | undefined>;
  /** Mail transport (tests collect the messages). */
  send?: (mail: Mail) => Promise<void>;
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
 * Sends a confirmation email with a signed removal link.
 */
export async function joinWaitlist(
  db: Db,
  hubId: string,
  input: Record<string, unknown>,
  options: JoinWaitlistOptions,
): Promise<JoinWaitlistResult> {
  const hub = asWaitlistHub(await (options.findHub ?? ((id: string) => findHubInDb(db, id)))(hubId));
  if (!hub) return { status: "hub-not-found" };

  const parsed = parseWaitlistSubmission(input);
  if (!parsed.ok) {
    return { status: "invalid", userType: parsed.userType, fieldErrors: parsed.fieldErrors, message: parsed.message };
  }
  const { submission } = parsed;
  const { userType } = submission;

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
    const [row] = await db.insert(hubWaitlist).values(toRow(hub.id, submission)).returning({ id: hubWaitlist.id });
    entryId = row.id;
  } catch (error) {
    if (sqlState(error) === "23505") return { status: "duplicate", userType };
    logger.error({ err: error, hubId: hub.id }, "waitlist sign-up failed");
    return { status: "error", userType, message: GENERIC_ERROR };
  }

  // The entry stands even if the mail cannot be sent now; the failure is logged.
  try {
    const config = env();
    const token = signRemovalToken(entryId, config.AUTH_SECRET);
    const removeUrl = `${config.APP_URL}/hub/${encodeURIComponent(hub.id)}/leave?token=${token}`;
    await (options.send ?? sendMail)(confirmationMail(hub, submission, removeUrl, `${config.APP_URL}/hub/${hub.id}`));
  } catch (error) {
    logger.error({ err: error, hubId: hub.id }, "waitlist confirmation email failed");
  }
  return { status: "joined", userType, entryId };
}

/** The hub page's answer to a sign-up (the toast of spec section 8, field errors, kept values) and its HTTP status. */
export function waitlistResponse(
  result: Exclude<JoinWaitlistResult, { status: "hub-not-found" }>,
  input: Record<string, unknown>,
): { body: WaitlistActionData; status: number } {
  const values = result.userType ? keptValues(input, result.userType) : undefined;
  switch (result.status) {
    case "joined":
      return {
        status: 200,
        body: { userType: result.userType, status: "success", toast: joinedNotice(result.userType) },
      };
    case "duplicate":
      return {
        status: 409,
        body: { userType: result.userType, status: "duplicate", toast: duplicateNotice(result.userType), values },
      };
    case "invalid":
      return {
        status: 400,
        body: {
          userType: result.userType,
          status: "invalid",
          toast: result.userType ? validationNotice(result.message) : errorNotice(),
          fieldErrors: result.fieldErrors,
          values,
        },
      };
    case "rate-limited":
      return {
        status: 429,
        body: { userType: result.userType, status: "error", toast: errorNotice(result.message), values },
      };
    case "error":
      return { status: 500, body: { userType: result.userType, status: "error", toast: errorNotice(), values } };
  }
}

function toRow(hubId: string, submission: WaitlistSubmission): typeof hubWaitlist.$inferInsert {
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
      phone: d.phone,
      message: d.message,
    };
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
    phone: d.phone,
    message: d.message,
  };
}

/** The confirmation: which hub, what happens next, and the link that removes the entry. */
export function confirmationMail(hub: Hub, submission: WaitlistSubmission, removeUrl: string, hubUrl: string): Mail {
  const when = hub.launchDate ? ` (planned for ${hub.launchDate})` : "";
  const footer = [
    `Hub page: ${hubUrl}`,
    "",
    "Did not sign up, or changed your mind? This link removes your details from this waitlist:",
    removeUrl,
    "",
    `${SITE.name}`,
  ];
  if (submission.userType === "professional") {
    const d = submission.data;
    return {
      to: d.email,
      subject: `You're on the ${hub.title} waitlist`,
      text: [
        // The address is not confirmed: no name typed into the form is repeated (anyone can sign up anyone).
        "Hello,",
        "",
        `Thank you for joining the ${hub.title} hub waitlist as a founding member.`,
        "",
        "What happens next:",
        `- We will email you when the ${hub.title} hub opens${when}.`,
        "- Founding members are invited first, with the founding-member perks shown on the hub page.",
        "- There is nothing else you need to do now.",
        "",
        ...footer,
      ].join("\n"),
    };
  }
  const d = submission.data;
  return {
    to: d.email,
    subject: `${hub.title}: partnership interest received`,
    text: [
      "Hello,",
      "",
      `Thank you for registering your facility's interest in the ${hub.title} hub.`,
      "",
      "What happens next:",
      `- Our partnerships team will contact you about partnership opportunities before the hub opens${when}.`,
      "- Joining the network is free, and facilities keep 80% of consultation fees.",
      "- There is nothing else you need to do now.",
      "",
      ...footer,
    ].join("\n"),
  };
}

export type RemovalCheck = { status: "valid"; hubId: string; email: string } | { status: "invalid" };

/** Whether a removal link still works (for the confirmation page). Never throws on bad tokens. */
export async function checkRemovalToken(db: Db, hubId: string, token: unknown): Promise<RemovalCheck> {
  const entryId = verifyRemovalToken(token, env().AUTH_SECRET);
  if (!entryId) return { status: "invalid" };
  const [row] = await db
    .select({ hubId: hubWaitlist.hubId, email: hubWaitlist.email })
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
    .returning({ hubId: hubWaitlist.hubId, email: hubWaitlist.email });
  return row ? { status: "removed", ...row } : { status: "invalid" };
}
