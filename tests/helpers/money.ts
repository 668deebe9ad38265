import { sql } from "drizzle-orm";
import type { Actor } from "~/auth/actor";
import type { Db } from "~/db/client.server";
import { patients, referrals } from "~/db/schema";
import { transitionReferral } from "~/features/referrals/referral-transitions.server";

/**
 * Money factories for database tests (decision 026): an accepted referral completed through the real
 * transition (so the payment record and the ledger entry are written as the product writes them).
 */
let counter = 0;

export async function completeReferralFor(
  db: Db,
  options: { doctorId: string; facilityId: string; facilityAdmin: Actor },
): Promise<{ referralId: string; referralNumber: string }> {
  counter += 1;
  const phone = `+2332055${String(counter).padStart(5, "0")}`;
  const [patient] = await db
    .insert(patients)
    .values({ fullName: "Ama Mensah", phone })
    .onConflictDoUpdate({ target: patients.phone, set: { fullName: sql`excluded.full_name` } })
    .returning({ id: patients.id });
  const [referral] = await db
    .insert(referrals)
    .values({
      doctorId: options.doctorId,
      facilityId: options.facilityId,
      patientId: patient!.id,
      patientName: "Ama Mensah",
      patientPhone: phone,
      chiefComplaint: "Persistent chest pain",
      urgencyLevel: "routine",
      status: "accepted",
      acceptedAt: new Date(),
      referralFee: 10_000,
      doctorShare: 7_000,
      platformShare: 3_000,
    })
    .returning({ id: referrals.id, referralNumber: referrals.referralNumber });
  await transitionReferral(db, options.facilityAdmin, referral!.id, "complete", { outcome: "Seen and treated." });
  return { referralId: referral!.id, referralNumber: referral!.referralNumber };
}

/** The whole ledger's sum (zero when it balances). */
export async function ledgerSum(db: Db): Promise<number> {
  const result = await db.execute(sql`select coalesce(sum(amount), 0)::text as total from ledger_postings`);
  return Number((result as unknown as { rows: { total: string }[] }).rows[0]?.total ?? 0);
}
