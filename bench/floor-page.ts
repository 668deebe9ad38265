// What the floor server (bench/floor.ts) does for a page that reads the database, without the
// framework: the same domain calls as the app, then a minimal HTML page. bench/cpu.ts runs it in
// process.
import { getActor } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { listFacilities } from "~/features/facilities/facilities.server";
import { parseFacilityFilters } from "~/features/facilities/facility-filters";
import { listAllReferrals, platformStats } from "~/features/referrals/referrals.server";
import { escapeXml } from "~/lib/escape-xml";

export async function floorPage(
  db: Db,
  url: URL,
  cookie: string | undefined,
): Promise<{ status: number; html: string }> {
  if (url.pathname === "/facilities") {
    const result = await listFacilities(db, parseFacilityFilters(url.searchParams));
    const items = result.facilities.map((f) => `<li><a href="/facility/${f.slug}">${escapeXml(f.name)}</a></li>`);
    return { status: 200, html: `<!doctype html><p>${result.total} facilities</p><ul>${items.join("")}</ul>` };
  }
  if (url.pathname === "/dashboard/system-admin") {
    const actor = await getActor(db, new Request(url, { headers: cookie ? { cookie } : {} }));
    if (actor.kind !== "user" || actor.role !== "system_admin" || !actor.approved) {
      return { status: 401, html: "Authentication Required" };
    }
    const stats = await platformStats(db, actor);
    const referrals = await listAllReferrals(db, actor, { page: 1, status: null });
    const rows = referrals.rows.map(
      (r) =>
        `<tr><td>${r.referralNumber}</td><td>${escapeXml(r.patient.fullName)}</td><td>${escapeXml(r.facility.name)}</td><td>${escapeXml(r.doctor.fullName)}</td><td>${r.status}</td></tr>`,
    );
    return {
      status: 200,
      html: `<!doctype html><p>${stats.totalReferrals} referrals, ${stats.activeDoctors} doctors, ${stats.pendingApprovals} pending, ${stats.platformRevenue} revenue</p><table>${rows.join("")}</table>`,
    };
  }
  return { status: 404, html: "Not Found" };
}
