import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FACILITY_SEED } from "~/content/facilities";
import { contentVersion, contentVersionReader } from "~/db/content-version.server";
import { facilities } from "~/db/schema";
import { seedContent } from "~/db/seed.server";
import { slugify } from "~/lib/slug";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import {
  createFacility,
  getFacilityBySlug,
  listActiveFacilityOptions,
  listActiveFacilitySlugs,
  listFacilities,
  type NewFacility,
  setFacilityActive,
} from "./facilities.server";
import { parseFacilityFilters } from "./facility-filters";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDb();
  await seedContent(t.db);
});
afterAll(async () => {
  await t?.drop();
});

/** The directory as the route sees it: filters parsed from an address. */
const list = (search: string) => listFacilities(t.db, parseFacilityFilters(new URLSearchParams(search)));
const names = async (search: string) => (await list(search)).facilities.map((f) => f.name);

const SEED_NAMES = FACILITY_SEED.map((f) => f.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

function facility(name: string, extra: Partial<NewFacility> = {}): NewFacility {
  return {
    name,
    type: "clinic",
    location: "Ho, Ghana",
    country: "ghana",
    address: "1 Test Street, Ho, Ghana",
    description: "A test clinic.",
    image: "/images/facilities/ashanti-childrens-clinic.svg",
    contact: { phones: ["+233 36 202 0000"], email: "test@example.test", address: "1 Test Street, Ho, Ghana" },
    ...extra,
  };
}

describe("seed", () => {
  it("holds the 8 directory facilities, and seeding again changes nothing", async () => {
    await seedContent(t.db);
    const [{ n }] = await t.db.select({ n: count() }).from(facilities);
    expect(n).toBe(8);
    expect(await listActiveFacilitySlugs(t.db)).toEqual(FACILITY_SEED.map((f) => slugify(f.name)).sort());
  });

  it("keeps an administrator's changes when seeding again", async () => {
    const slug = slugify(FACILITY_SEED[0]!.name);
    await t.db
      .update(facilities)
      .set({ isActive: false, about: "Changed by an administrator." })
      .where(eq(facilities.slug, slug));
    await seedContent(t.db);
    const [row] = await t.db.select().from(facilities).where(eq(facilities.slug, slug));
    expect(row).toMatchObject({ isActive: false, about: "Changed by an administrator.", name: FACILITY_SEED[0]!.name });
    await t.db
      .update(facilities)
      .set({ isActive: true, about: FACILITY_SEED[0]!.about })
      .where(eq(facilities.slug, slug));
  });

  it("covers every filter option and gives every facility a full profile", async () => {
    for (const f of FACILITY_SEED) {
      const profile = await getFacilityBySlug(t.db, slugify(f.name));
      expect(profile, f.name).not.toBeNull();
      expect(profile!.about.length).toBeGreaterThan(100);
      expect(profile!.services.length).toBeGreaterThan(0);
      expect(profile!.specialtyDetails.map((s) => s.name)).toEqual(profile!.specialties);
      expect(profile!.professionals.length).toBeGreaterThan(0);
      expect(profile!.languages.length).toBeGreaterThan(0);
      expect(profile!.contact.phones.length).toBeGreaterThan(0);
      expect(profile!.contact.email).toContain("@");
      expect(profile!.contact.address).toBe(profile!.address);
      if (profile!.emergency) expect(profile!.serviceCategories).toContain("emergency");
    }
    expect(await names("country=ghana&q=accra")).toHaveLength(1);
    expect(await names("country=ghana&q=kumasi")).toHaveLength(1);
    expect(await names("country=ghana&q=takoradi")).toHaveLength(1);
  });
});

describe("directory filters", () => {
  it("lists every active facility by name without filters", async () => {
    const page = await list("");
    expect(page).toMatchObject({ total: 8, page: 1, pageCount: 1, pageSize: 12 });
    expect(page.facilities.map((f) => f.name)).toEqual(SEED_NAMES);
    expect(page.facilities[0]).toEqual(expect.objectContaining({ slug: expect.any(String) }));
    // Ratings come only from reviews written in the product: none yet, whatever the seed says.
    expect(page.facilities.map((f) => f.reviewRating)).toEqual(page.facilities.map(() => null));
    expect(page.facilities[0]).not.toHaveProperty("rating");
    expect(page.facilities[0]).not.toHaveProperty("reviews");
    // The one Verified notion is the licence check (decision 021): no seed facility has had one.
    expect(page.facilities.map((f) => f.licenceVerifiedOn)).toEqual(page.facilities.map(() => null));
    expect(page.facilities[0]).not.toHaveProperty("verified");
  });

  it("filters by country", async () => {
    expect(await names("country=ghana")).toEqual([
      "Ashanti Children's Clinic",
      "Ridgeview Specialist Hospital",
      "Takoradi Harbour Diagnostic Centre",
    ]);
    expect(await names("country=nigeria")).toEqual(["Lagoon Heart Institute"]);
    expect(await names("country=kenya")).toEqual(["Westlands Cancer Centre"]);
    expect(await names("country=south-africa")).toEqual(["Table Bay Orthopaedic Clinic"]);
    expect(await names("country=india")).toEqual(["Sahyadri Neuro and Stroke Hospital"]);
    expect(await names("country=brazil")).toEqual(["Clínica Boa Vista Recife"]);
  });

  it("filters by type", async () => {
    expect(await names("type=hospital")).toEqual([
      "Ridgeview Specialist Hospital",
      "Sahyadri Neuro and Stroke Hospital",
    ]);
    expect(await names("type=clinic")).toEqual([
      "Ashanti Children's Clinic",
      "Clínica Boa Vista Recife",
      "Table Bay Orthopaedic Clinic",
    ]);
    expect(await names("type=diagnostic")).toEqual(["Takoradi Harbour Diagnostic Centre"]);
    expect(await names("type=specialty")).toEqual(["Lagoon Heart Institute", "Westlands Cancer Centre"]);
  });

  it("filters by specialty", async () => {
    expect(await names("specialty=cardiology")).toEqual([
      "Clínica Boa Vista Recife",
      "Lagoon Heart Institute",
      "Ridgeview Specialist Hospital",
      "Sahyadri Neuro and Stroke Hospital",
      "Takoradi Harbour Diagnostic Centre",
    ]);
    expect(await names("specialty=pediatrics")).toEqual([
      "Ashanti Children's Clinic",
      "Clínica Boa Vista Recife",
      "Lagoon Heart Institute",
      "Sahyadri Neuro and Stroke Hospital",
    ]);
    expect(await names("specialty=neurology")).toEqual([
      "Ridgeview Specialist Hospital",
      "Sahyadri Neuro and Stroke Hospital",
      "Takoradi Harbour Diagnostic Centre",
    ]);
    expect(await names("specialty=orthopedics")).toEqual([
      "Clínica Boa Vista Recife",
      "Ridgeview Specialist Hospital",
      "Table Bay Orthopaedic Clinic",
    ]);
    expect(await names("specialty=oncology")).toEqual(["Ridgeview Specialist Hospital", "Westlands Cancer Centre"]);
  });

  it("filters by service", async () => {
    expect(await names("services=emergency")).toEqual([
      "Lagoon Heart Institute",
      "Ridgeview Specialist Hospital",
      "Sahyadri Neuro and Stroke Hospital",
    ]);
    expect(await names("services=surgery")).toEqual([
      "Lagoon Heart Institute",
      "Ridgeview Specialist Hospital",
      "Sahyadri Neuro and Stroke Hospital",
      "Table Bay Orthopaedic Clinic",
      "Westlands Cancer Centre",
    ]);
    expect(await names("services=diagnostics")).toHaveLength(7);
    expect(await names("services=pharmacy")).toEqual([
      "Ashanti Children's Clinic",
      "Clínica Boa Vista Recife",
      "Ridgeview Specialist Hospital",
      "Sahyadri Neuro and Stroke Hospital",
      "Table Bay Orthopaedic Clinic",
      "Westlands Cancer Centre",
    ]);
  });

  it("combines filters (all must match)", async () => {
    expect(await names("country=ghana&type=hospital")).toEqual(["Ridgeview Specialist Hospital"]);
    expect(await names("country=ghana&specialty=cardiology&services=diagnostics")).toEqual([
      "Ridgeview Specialist Hospital",
      "Takoradi Harbour Diagnostic Centre",
    ]);
    expect(await names("type=clinic&specialty=pediatrics&services=pharmacy&q=recife")).toEqual([
      "Clínica Boa Vista Recife",
    ]);
    expect(await names("country=kenya&services=emergency")).toEqual([]);
    const empty = await list("country=brazil&type=hospital");
    expect(empty).toMatchObject({ total: 0, page: 1, pageCount: 1, facilities: [] });
  });

  it("treats unknown values as 'all'", async () => {
    expect((await list("country=mars&type=x&specialty=&services=all&page=-1")).total).toBe(8);
  });
});

describe("search", () => {
  it("matches the name, description or location, ignoring case", async () => {
    expect(await names("q=LAGOON")).toEqual(["Lagoon Heart Institute"]);
    expect(await names("q=tumour board")).toEqual(["Westlands Cancer Centre"]);
    expect(await names("q=cape town")).toEqual(["Table Bay Orthopaedic Clinic"]);
    expect(await names("q=nAiRoBi")).toEqual(["Westlands Cancer Centre"]);
    expect(await names("q=harbour")).toEqual(["Takoradi Harbour Diagnostic Centre"]);
    // Part of a word counts; accents are matched as written.
    expect(await names("q=ridgev")).toEqual(["Ridgeview Specialist Hospital"]);
    expect(await names("q=clínica")).toEqual(["Clínica Boa Vista Recife"]);
  });

  it('matches a specialty or a service too (issue 33: "cardiology" found nothing)', async () => {
    const cardiology = await names("q=cardiology");
    for (const name of await names("specialty=cardiology")) expect(cardiology).toContain(name);
    // "Pediatric Cardiology" is a specialty of the children's clinic: part of a word counts.
    expect(cardiology).toContain("Ashanti Children's Clinic");
    // A service as the profile lists it.
    expect(await names("q=CARDIAC CATHETERISATION")).toEqual(["Ridgeview Specialist Hospital"]);
  });

  it("searches only the active directory, with the other filters", async () => {
    expect(await names("q=ghana")).toHaveLength(3);
    expect(await names("q=ghana&type=diagnostic")).toEqual(["Takoradi Harbour Diagnostic Centre"]);
  });

  it("takes % and _ literally", async () => {
    expect(await names("q=%25")).toEqual([]);
    expect(await names("q=_")).toEqual([]);
    expect(await names("q=%5C")).toEqual([]);
    expect((await list("q=%20%20")).total).toBe(8);
  });
});

describe("pagination, slugs and visibility", () => {
  let extraIds: string[] = [];

  it("gives a colliding name the next free suffix", async () => {
    // Two active facilities cannot share a name (decision 021): the later ones are inactive.
    const a = await createFacility(t.db, facility("Volta Lakeside Clinic"));
    const b = await createFacility(t.db, facility("Volta Lakeside Clinic", { isActive: false }));
    const c = await createFacility(t.db, facility("volta  lakeside clinic!", { isActive: false }));
    expect([a.slug, b.slug, c.slug]).toEqual([
      "volta-lakeside-clinic",
      "volta-lakeside-clinic-2",
      "volta-lakeside-clinic-3",
    ]);
    // A seed slug is taken too.
    const d = await createFacility(t.db, facility("Ridgeview Specialist Hospital", { isActive: false }));
    expect(d.slug).toBe("ridgeview-specialist-hospital-2");
    extraIds = [a.id, b.id, c.id, d.id];
    expect((await getFacilityBySlug(t.db, "volta-lakeside-clinic"))?.id).toBe(a.id);
    expect(await getFacilityBySlug(t.db, "volta-lakeside-clinic-2")).toBeNull();
  });

  it("gives unique slugs to concurrent inserts of one name", async () => {
    const created = await Promise.all(
      Array.from({ length: 4 }, () => createFacility(t.db, facility("Parallel Clinic", { isActive: false }))),
    );
    expect(new Set(created.map((c) => c.slug)).size).toBe(4);
    extraIds.push(...created.map((c) => c.id));
  });

  it("pages through 12 at a time", async () => {
    for (let i = 1; i <= 20; i++) {
      const { id } = await createFacility(t.db, facility(`Zz Page Clinic ${String(i).padStart(2, "0")}`));
      extraIds.push(id);
    }
    // 8 seed + 1 Volta + 20 page clinics active; the inactive duplicates are hidden.
    const first = await list("");
    expect(first).toMatchObject({ total: 29, page: 1, pageCount: 3 });
    expect(first.facilities).toHaveLength(12);
    const third = await list("page=3");
    expect(third.facilities.map((f) => f.name)).toEqual(
      Array.from({ length: 5 }, (_, i) => `Zz Page Clinic ${String(i + 16).padStart(2, "0")}`),
    );
    const all = [...first.facilities, ...(await list("page=2")).facilities, ...third.facilities];
    expect(new Set(all.map((f) => f.id)).size).toBe(29);
    // Past the end: the last page.
    expect(await list("page=9")).toMatchObject({ page: 3, pageCount: 3 });
    // Filters page too.
    const filtered = await list("q=zz page&page=2");
    expect(filtered).toMatchObject({ total: 20, page: 2, pageCount: 2 });
    expect(filtered.facilities).toHaveLength(8);
  });

  it("hides inactive facilities from the directory, profiles, the referral select and the sitemap", async () => {
    const slug = "westlands-cancer-centre";
    const profile = await getFacilityBySlug(t.db, slug);
    await setFacilityActive(t.db, profile!.id, false);
    expect(await getFacilityBySlug(t.db, slug)).toBeNull();
    expect(await names("country=kenya")).toEqual([]);
    expect(await names("q=westlands")).toEqual([]);
    const options = await listActiveFacilityOptions(t.db);
    expect(options.map((o) => o.name)).not.toContain("Westlands Cancer Centre");
    expect(await listActiveFacilitySlugs(t.db)).not.toContain(slug);
    expect(options.map((o) => o.name)).not.toContain("Parallel Clinic");
    await setFacilityActive(t.db, profile!.id, true);
    expect(await getFacilityBySlug(t.db, slug)).not.toBeNull();
  });

  it("offers active facilities by name for the referral select", async () => {
    const options = await listActiveFacilityOptions(t.db);
    expect(options).toHaveLength(29);
    expect(options[0]).toEqual({
      id: expect.any(String),
      name: "Ashanti Children's Clinic",
      location: "Kumasi, Ghana",
      reachable: expect.any(Boolean),
    });
    const key = (o: { name: string }) => o.name.toLowerCase();
    const sorted = [...options].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    expect(options.map((o) => o.name)).toEqual(sorted.map((o) => o.name));
  });

  it("answers null for unknown slugs", async () => {
    expect(await getFacilityBySlug(t.db, "no-such-facility")).toBeNull();
    expect(await getFacilityBySlug(t.db, "")).toBeNull();
    expect(await getFacilityBySlug(t.db, "x".repeat(500))).toBeNull();
    expect(await getFacilityBySlug(t.db, "a\u0000b")).toBeNull();
    expect(await getFacilityBySlug(t.db, "Ridgeview-Specialist-Hospital")).toBeNull();
  });

  afterAll(() => {
    expect(extraIds.length).toBeGreaterThan(0);
  });
});

describe("the facilities content version (pages built from facilities are kept while it holds)", () => {
  it("moves with every write to facilities, whoever makes it, and not otherwise", async () => {
    const before = await contentVersion(t.db, "facilities");
    expect(before).toEqual(expect.any(Number));
    await list("");
    await getFacilityBySlug(t.db, slugify(FACILITY_SEED[1]!.name));
    expect(await contentVersion(t.db, "facilities")).toBe(before);

    const { id } = await createFacility(t.db, facility("Version Test Clinic"));
    const created = await contentVersion(t.db, "facilities");
    expect(created).toBeGreaterThan(before!);
    await setFacilityActive(t.db, id, false);
    const hidden = await contentVersion(t.db, "facilities");
    expect(hidden).toBeGreaterThan(created!);
    // An operator's own SQL counts too (the trigger is in the database, not the app).
    await t.db.execute(sql`update facilities set about = about || '.' where id = ${id}`);
    const edited = await contentVersion(t.db, "facilities");
    expect(edited).toBeGreaterThan(hidden!);
    await t.db.delete(facilities).where(eq(facilities.id, id));
    expect(await contentVersion(t.db, "facilities")).toBeGreaterThan(edited!);
  });

  it("stays when a statement changes no row (the seed at every start, finding everything in place)", async () => {
    const before = await contentVersion(t.db, "facilities");
    await seedContent(t.db);
    await t.db.update(facilities).set({ about: "Edited 5." }).where(eq(facilities.slug, "no-such-facility"));
    expect(await contentVersion(t.db, "facilities")).toBe(before);
  });

  it("moves in the writer's transaction: a rolled-back write leaves it alone", async () => {
    const before = await contentVersion(t.db, "facilities");
    await expect(
      t.db.transaction(async (tx) => {
        await tx
          .update(facilities)
          .set({ about: "Edited 1." })
          .where(eq(facilities.slug, slugify(FACILITY_SEED[2]!.name)));
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await contentVersion(t.db, "facilities")).toBe(before);
  });
});

describe("contentVersionReader (what the page cache asks)", () => {
  it("answers the version current after every write, on either database", async () => {
    const read = contentVersionReader(t);
    const first = await read("facilities");
    expect(first).toBe(await contentVersion(t.db, "facilities"));
    expect(await read("facilities")).toBe(first);
    await t.db
      .update(facilities)
      .set({ about: "Edited 77." })
      .where(eq(facilities.slug, slugify(FACILITY_SEED[3]!.name)));
    const after = await read("facilities");
    expect(after).toBeGreaterThan(first!);
    expect(after).toBe(await contentVersion(t.db, "facilities"));
  });

  it.skipIf(!!process.env.TEST_DATABASE_URL)(
    "on PGlite reads the version once, and again only after a change is heard",
    async () => {
      let reads = 0;
      const db = new Proxy(t.db, {
        get(target, key) {
          if (key === "select") reads += 1;
          return Reflect.get(target, key);
        },
      });
      const read = contentVersionReader({ ...t, db });
      await read("facilities");
      await read("facilities");
      await read("facilities");
      expect(reads).toBe(1);
      await t.db
        .update(facilities)
        .set({ about: "Edited 78." })
        .where(eq(facilities.slug, slugify(FACILITY_SEED[3]!.name)));
      expect(await read("facilities")).toBe(await contentVersion(t.db, "facilities"));
      expect(reads).toBe(2);
    },
  );
});
