import { afterAll, beforeAll, describe, it } from "vitest";
import { type BuiltApp, loadBuiltApp } from "./built-app";
import { concurrentPostsCreateOnce } from "./idempotency";

/* 50 concurrent posts with one idempotency key create one record (decision 027), on PGlite. */

let app: BuiltApp;
beforeAll(async () => {
  app = await loadBuiltApp();
});
afterAll(async () => {
  await app.close();
});

describe("one submission, one record, on PGlite", () => {
  it("50 concurrent posts of a referral, a contact message and a message on a referral with one key each", async () => {
    await concurrentPostsCreateOnce(app);
  });
});
