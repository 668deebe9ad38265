import { eq, like } from "drizzle-orm";
import { type Actor, actorById } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { facilities, paymentRecords, rateLimits } from "~/db/schema";
import { createReferral } from "~/features/referrals/referral-create.server";
import { transitionReferral } from "~/features/referrals/referral-transitions.server";
import { createAccount } from "../helpers/accounts";
import type { BuiltApp } from "./built-app";
import { sessionSetCookie, signInByForm } from "./http-checks";

/**
 * The referral platform's people and objects for the adversarial tests: an approved doctor, an
 * approved administrator of one facility and an approved system administrator, each signed in
 * through the built app's own form (their cookies), and pools of pending referrals and pending
 * payment records made with the domain functions.
 */
export type ReferralWorld = {
  facilityId: string;
  /** Pools of referral numbers for the referral page's fuzzed actions (when asked for: `workspace`). */
  workspace?: WorkspacePools;
  cookies: { doctor: string; facilityAdmin: string; systemAdmin: string };
  actors: { doctor: Actor; facilityAdmin: Actor };
  /** Pending referrals of the facility (accept/reject targets). */
  pendingReferrals: string[];
  /** Pending payment records (record-payment targets). */
  pendingPayments: string[];
  /** Accounts awaiting approval (decline targets). */
  pendingAccounts: string[];
};

let counter = 0;

/** A valid create-referral form for the facility (a unique patient name to find it by). */
export function referralForm(facilityId: string, patientName = `Patient ${Date.now().toString(36)}-${++counter}`) {
  return new URLSearchParams({
    facility_id: facilityId,
    patient_name: patientName,
    patient_phone: `024${String(1_000_000 + (counter % 8_999_999)).padStart(7, "0")}`,
    chief_complaint: "Chest pain on exertion",
    urgency_level: "urgent",
  });
}

/** A new account of this role, signed in through the built app's form: its cookie and its actor. */
export async function signedIn(
  app: BuiltApp,
  role: "doctor" | "facility_admin" | "system_admin",
  facilityId?: string,
  options: { approved?: boolean; fullName?: string } = {},
) {
  const account = await createAccount(app.db, {
    role,
    approved: options.approved ?? true,
    facilityId: facilityId ?? null,
    fullName: options.fullName,
  });
  const cookie = sessionSetCookie(await signInByForm(app, account)).split(";")[0];
  return { cookie, actor: await actorById(app.db, account.id) };
}

/**
 * Referral numbers for the referral page's actions, one pool per action so that they do not
 * consume each other's targets: pending referrals (messages, files, cancelling, rejecting) and
 * accepted ones (completing), all of the world's doctor and facility.
 */
export type WorkspacePools = Record<"message" | "attach" | "cancel" | "reject" | "complete" | "review", string[]>;
export type WorkspacePoolSizes = Record<keyof WorkspacePools, number>;

export async function referralWorld(
  app: BuiltApp,
  sizes: {
    pendingReferrals: number;
    pendingPayments: number;
    pendingAccounts?: number;
    workspace?: WorkspacePoolSizes;
  },
): Promise<ReferralWorld> {
  const [facility] = await app.db
    .select({ id: facilities.id })
    .from(facilities)
    .where(eq(facilities.isActive, true))
    .limit(1);
  const doctor = await signedIn(app, "doctor");
  const facilityAdmin = await signedIn(app, "facility_admin", facility.id);
  const systemAdmin = await signedIn(app, "system_admin");
  // The world's setup is not the doctor's writing: it never uses up their hourly allowance of
  // referrals (50, decision 023), and the posts under test start with a whole one.
  const freshAllowance = () => app.db.delete(rateLimits).where(like(rateLimits.key, "user-%"));
  const create = async () => {
    await freshAllowance();
    const result = await createReferral(app.db, doctor.actor, Object.fromEntries(referralForm(facility.id)));
    return result.id;
  };
  const pendingReferrals: string[] = [];
  for (let i = 0; i < sizes.pendingReferrals; i++) pendingReferrals.push(await create());
  const pendingPayments: string[] = [];
  for (let i = 0; i < sizes.pendingPayments; i++) {
    const id = await create();
    await transitionReferral(app.db, facilityAdmin.actor, id, "accept");
    await transitionReferral(app.db, facilityAdmin.actor, id, "complete", { outcome: "Seen, treated and discharged" });
    const [payment] = await app.db
      .select({ id: paymentRecords.id })
      .from(paymentRecords)
      .where(eq(paymentRecords.referralId, id));
    pendingPayments.push(payment.id);
  }
  const pendingAccounts: string[] = [];
  for (let i = 0; i < (sizes.pendingAccounts ?? 0); i++) {
    const role = (["doctor", "facility_admin", "system_admin"] as const)[i % 3];
    pendingAccounts.push(
      (await createAccount(app.db, { role, facilityId: role === "facility_admin" ? facility.id : null })).id,
    );
  }
  let workspace: WorkspacePools | undefined;
  if (sizes.workspace) {
    const numbers = async (n: number, accepted: boolean, completed = false) => {
      const made: string[] = [];
      for (let i = 0; i < n; i++) {
        await freshAllowance();
        const result = await createReferral(app.db, doctor.actor, Object.fromEntries(referralForm(facility.id)));
        if (accepted) await transitionReferral(app.db, facilityAdmin.actor, result.id, "accept");
        if (completed) {
          await transitionReferral(app.db, facilityAdmin.actor, result.id, "complete", { outcome: "Seen and treated" });
        }
        made.push(result.referralNumber);
      }
      return made;
    };
    const s = sizes.workspace;
    workspace = {
      message: await numbers(s.message, false),
      attach: await numbers(s.attach, false),
      cancel: await numbers(s.cancel, false),
      reject: await numbers(s.reject, false),
      complete: await numbers(s.complete, true),
      // Completed referrals, for the referring doctor's review of the facility.
      review: await numbers(s.review, true, true),
    };
  }
  await freshAllowance();
  return {
    facilityId: facility.id,
    workspace,
    cookies: { doctor: doctor.cookie, facilityAdmin: facilityAdmin.cookie, systemAdmin: systemAdmin.cookie },
    actors: { doctor: doctor.actor, facilityAdmin: facilityAdmin.actor },
    pendingReferrals,
    pendingPayments,
    pendingAccounts,
  };
}

/** Creates one more pending referral of the world's facility (for a test that consumes one). */
export async function anotherPendingReferral(db: Db, world: ReferralWorld): Promise<string> {
  const result = await createReferral(db, world.actors.doctor, Object.fromEntries(referralForm(world.facilityId)));
  return result.id;
}
