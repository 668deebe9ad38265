import type { Db } from "~/db/client.server";
import { facilities } from "~/db/schema";
import { type Refusal, refusalOf } from "~/lib/refusal";

/**
 * Small factories and probes shared by the domain (database) tests: a facility row, and the HTTP
 * status a domain call refused with.
 */
export async function insertFacility(db: Db, slug: string, name: string): Promise<string> {
  const [row] = await db
    .insert(facilities)
    .values({
      slug,
      name,
      type: "hospital",
      location: "Accra",
      country: "Ghana",
      address: `${name} Road, Accra`,
      description: "A test facility",
      image: "/images/facility.jpg",
      contact: { phones: ["+233 30 000 0000"], email: `${slug}@example.test`, address: "Accra" },
    })
    .returning({ id: facilities.id });
  return row.id;
}

/** 200 when the call succeeded, else the status of its expected refusal (anything else rethrows). */
export async function statusOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
    return 200;
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return refusal.status;
  }
}

/** The refusal a domain call threw (its status, message and field messages); fails if it did not refuse. */
export async function refusedWith(call: Promise<unknown>): Promise<Refusal> {
  try {
    await call;
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return refusal;
  }
  throw new Error("expected the call to be refused, and it succeeded");
}
