import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { signIn } from "~/features/accounts/accounts.server";
import { createAccount, requestWith } from "../../tests/helpers/accounts";
import { createTestDb, type TestDatabase } from "../../tests/helpers/test-db";
import { getActor } from "./actor.server";

// Under https the session cookie is Secure (and __Secure- prefixed); see accounts.server.db.test.ts for http.
vi.stubEnv("APP_URL", "https://referrals.example.org");
vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("E2E_RELAXED_RATE_LIMITS", "");

let h: TestDatabase;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(() => h.drop());

it("sets a Secure, HttpOnly, SameSite=Lax session cookie that signs the user in", async () => {
  const account = await createAccount(h.db);
  const result = await signIn(h.db, account, { ip: "10.1.1.1" });
  if (!result.ok) throw new Error(result.message);
  const cookie = result.headers.getSetCookie().find((c) => c.includes("app.session_token="))!;
  expect(cookie).toMatch(/^__Secure-app\.session_token=/);
  expect(cookie).toMatch(/; Secure/i);
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Lax/i);
  const actor = await getActor(
    h.db,
    requestWith(cookie.split(";")[0], "https://referrals.example.org/dashboard/doctor"),
  );
  expect(actor).toMatchObject({ kind: "user", id: account.id });
});
