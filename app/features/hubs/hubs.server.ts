import { and, asc, count, eq, ne } from "drizzle-orm";
import type { Hub } from "~/content/hubs";
import type { Db } from "~/db/client.server";
import { hubs, hubWaitlist } from "~/db/schema";
import { nextLaunchDate, upcomingLaunchDate } from "./launch-date";

/*
 * The hubs as every page reads them (decision 021): from the database, in their listing order, in the
 * shape the pages were built for (`Hub`, with `id` the public slug). `launchDate` is what a page
 * shows ("Q1 2026"), absent when none is planned or it has passed; `foundingMembersTaken` is the
 * real number of waitlist entries.
 */

export type HubRow = typeof hubs.$inferSelect;

export function toHub(row: HubRow, taken: number, now = new Date()): Hub {
  const launchDate = row.status === "coming-soon" ? upcomingLaunchDate(row.launchDate, now) : null;
  return {
    id: row.slug,
    title: row.title,
    description: row.description,
    ...(row.titleFr ? { titleFr: row.titleFr } : {}),
    ...(row.descriptionFr ? { descriptionFr: row.descriptionFr } : {}),
    icon: row.icon,
    countries: row.countries,
    color: row.color,
    bgColor: row.bgColor,
    specialties: row.specialties,
    status: row.status,
    ...(row.status === "live" && row.externalUrl ? { externalUrl: row.externalUrl } : {}),
    ...(launchDate ? { launchDate } : {}),
    salesPitch: row.salesPitch,
    targetAudience: row.targetAudience,
    foundingMemberPerks: row.foundingMemberPerks,
    foundingMemberCapacity: row.foundingMemberCapacity,
    foundingMembersTaken: taken,
  };
}

/** Waitlist entries per hub slug: professionals and facilities (patients and families are not founding members). */
async function entryCounts(db: Db, slug?: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ hubId: hubWaitlist.hubId, n: count() })
    .from(hubWaitlist)
    .where(and(slug ? eq(hubWaitlist.hubId, slug) : undefined, ne(hubWaitlist.userType, "patient")))
    .groupBy(hubWaitlist.hubId);
  return new Map(rows.map((r) => [r.hubId, r.n]));
}

/** Every hub, in listing order. */
export async function listHubs(db: Db): Promise<Hub[]> {
  return (await listHubsWithNextLaunch(db)).hubs;
}

/**
 * Every hub, in listing order, and the nearest planned launch of a coming-soon hub that is still
 * ahead ("Q2 2027"; null when none is), for the hubs listing's headline.
 */
export async function listHubsWithNextLaunch(
  db: Db,
  now = new Date(),
): Promise<{ hubs: Hub[]; nextLaunch: string | null }> {
  const [rows, counts] = await Promise.all([
    db.select().from(hubs).orderBy(asc(hubs.position), asc(hubs.slug)),
    entryCounts(db),
  ]);
  return {
    hubs: rows.map((row) => toHub(row, counts.get(row.slug) ?? 0, now)),
    nextLaunch: nextLaunchDate(
      rows.filter((row) => row.status === "coming-soon").map((row) => row.launchDate),
      now,
    ),
  };
}

/** One hub by its public id, or undefined (the pages answer 404). */
export async function findHub(db: Db, slug: string): Promise<Hub | undefined> {
  if (!/^[a-z0-9-]{1,100}$/.test(slug)) return undefined;
  const [row] = await db.select().from(hubs).where(eq(hubs.slug, slug));
  if (!row) return undefined;
  const counts = await entryCounts(db, slug);
  return toHub(row, counts.get(slug) ?? 0);
}
