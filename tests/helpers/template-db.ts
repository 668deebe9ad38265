import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrateWithJobQueue } from "~/database.server";
import { openDatabase } from "~/db/client.server";

/*
 * Vitest's global setup (vitest.config.ts): the migrations run once per run, not once per test
 * file. On PGlite the migrated cluster is dumped (`dumpDataDir`) to a file every test file's
 * database is loaded from; with TEST_DATABASE_URL a template database is migrated on that server
 * and each test file's database is `CREATE DATABASE ... TEMPLATE` of it. tests/helpers/test-db.ts
 * reads both through `inject`. Tests of the migrations themselves (`migrate: false`) still start
 * from an empty database.
 */

/**
 * What this run's PostgreSQL databases are named with (TEST_DB_PREFIX, default "t"): .ci/run sets
 * one per run and drops only those afterwards, never another run's on the same server.
 */
export const TEST_DB_PREFIX = /^[a-z][a-z0-9_]{0,30}$/.test(process.env.TEST_DB_PREFIX ?? "")
  ? (process.env.TEST_DB_PREFIX as string)
  : "t";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite cluster (`dumpDataDir`, uncompressed tar), or "" when not made. */
    pgliteTemplate: string;
    /** A migrated database on TEST_DATABASE_URL's server to copy, or "" when not made. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cleanups: Array<() => Promise<void>> = [];
  const started = performance.now();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    // Named like the per-file databases, so .ci/run's sweep finds one a crash left behind.
    const name = `${TEST_DB_PREFIX}_tpl${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ kind: "postgres", url: url.toString(), max: 2 });
    await migrateWithJobQueue(handle);
    await handle.close();
    project.provide("postgresTemplate", name);
    cleanups.push(async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    });
  } else {
    project.provide("postgresTemplate", "");
  }
  if (!serverUrl || process.env.TEST_PGLITE_TEMPLATE === "1") {
    const dir = mkdtempSync(path.join(tmpdir(), "pglite-template-"));
    const file = path.join(dir, "migrated.tar");
    const handle = await openDatabase({ kind: "pglite" });
    await migrateWithJobQueue(handle);
    if (handle.driver.kind !== "pglite") throw new Error("unreachable");
    const dump = await handle.driver.client.dumpDataDir("none");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await handle.close();
    project.provide("pgliteTemplate", file);
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  } else {
    project.provide("pgliteTemplate", "");
  }
  console.log(`template database migrated once in ${Math.round(performance.now() - started)} ms`);
  return async () => {
    for (const cleanup of cleanups) await cleanup();
  };
}
