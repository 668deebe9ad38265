import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_DIR } from "~/db/migrate.server";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";

/**
 * Migration 0007 (decision 021) builds a unique index on the names of active facilities on a database
 * that may already hold two active facilities of one name (the impostor the review made).
 */
const LAST_BEFORE_UNIQUE_NAMES = 6;

let t: TestDatabase;
let oldDir: string;

async function migrateWith(folder: string) {
  const config = { migrationsFolder: folder };
  await t.db.execute(sql`create extension if not exists pg_trgm`);
  if (t.kind === "pglite") await migratePglite(t.db as unknown as PgliteDatabase<Record<string, never>>, config);
  else await migratePg(t.db, config);
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  t = await createTestDb({ migrate: false });
  if (t.kind === "pglite") {
    // createTestDb migrated the in-memory database already: start again from an empty one.
    await t.close();
    const { openDatabase } = await import("~/db/client.server");
    const handle = await openDatabase({ kind: "pglite" });
    t = { ...handle, name: "pglite:memory", drop: () => handle.close() };
  }
  oldDir = mkdtempSync(path.join(tmpdir(), "qh-migrations-"));
  cpSync(MIGRATIONS_DIR, oldDir, { recursive: true });
  const journalPath = path.join(oldDir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= LAST_BEFORE_UNIQUE_NAMES);
  writeFileSync(journalPath, JSON.stringify(journal));
  await migrateWith(oldDir);
}, 120_000);

afterAll(async () => {
  await t?.drop();
  if (oldDir) rmSync(oldDir, { recursive: true, force: true });
});

describe("migration 0007: one name per active facility", () => {
  it("renames the later active facilities of a name after their address, clears their verification, then refuses a new duplicate", async () => {
    const insert = (slug: string, name: string, active: boolean, created: string) =>
      t.db.execute(sql`
        insert into facilities (slug, name, type, location, country, address, description, image, contact,
          verified, licence_verified_on, is_active, created_at)
        values (${slug}, ${name}, 'specialty', 'Accra, Ghana', 'ghana', '1 Road', 'd', '/i.svg', '{}',
          true, '2026-01-15', ${active}, ${created})`);
    await insert("lagoon-heart-institute", "Lagoon Heart Institute", true, "2026-01-01T00:00:00Z");
    await insert("lagoon-heart-institute-2", "lagoon  héart-institute", true, "2026-03-01T00:00:00Z");
    await insert("lagoon-heart-institute-3", "Lagoon Heart Institute", false, "2026-02-01T00:00:00Z");
    await insert("ridgeview", "Ridgeview Specialist Hospital", true, "2026-01-02T00:00:00Z");

    await migrateWith(MIGRATIONS_DIR);

    // (Migration 0010 then retires the separate `verified` mark everywhere: the licence's date is the tick.)
    const after = await rows<{ slug: string; name: string; licence_verified_on: string | null }>(
      sql`select slug, name, licence_verified_on::text from facilities order by slug`,
    );
    expect(after).toEqual([
      { slug: "lagoon-heart-institute", name: "Lagoon Heart Institute", licence_verified_on: "2026-01-15" },
      {
        slug: "lagoon-heart-institute-2",
        name: "lagoon  héart-institute (lagoon-heart-institute-2)",
        licence_verified_on: null,
      },
      // Inactive: its name is free to share, and it keeps its verification.
      { slug: "lagoon-heart-institute-3", name: "Lagoon Heart Institute", licence_verified_on: "2026-01-15" },
      { slug: "ridgeview", name: "Ridgeview Specialist Hospital", licence_verified_on: "2026-01-15" },
    ]);
    await expect(
      t.db.execute(
        sql`update facilities set name = 'RIDGEVIEW specialist hospital.' where slug = 'lagoon-heart-institute-2'`,
      ),
    ).rejects.toMatchObject({ cause: { code: "23505" } });
  });
});
