import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, it } from "vitest";
import { type BuiltApp, loadBuiltApp } from "./built-app";
import { concurrentPostsCreateOnce } from "./idempotency";

/*
 * 50 concurrent posts with one idempotency key create one record (decision 027), on PostgreSQL
 * (TEST_DATABASE_URL): the posts run on the pool's separate connections, so the second and later
 * ones really wait on the first one's key at the primary key.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const name = `t_idem_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
let app: BuiltApp;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.skipIf(!serverUrl)("one submission, one record, on PostgreSQL", () => {
  beforeAll(async () => {
    await admin(`create database "${name}"`);
    const url = new URL(serverUrl as string);
    url.pathname = `/${name}`;
    app = await loadBuiltApp({ DATABASE_URL: url.toString() });
  });
  afterAll(async () => {
    await app?.close();
    await admin(`drop database if exists "${name}" with (force)`);
  });

  it("50 concurrent posts of a referral, a contact message and a message on a referral with one key each", async () => {
    await concurrentPostsCreateOnce(app);
  });
});
