import { afterAll, beforeAll, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../helpers/accounts";
import { type BuiltApp, loadBuiltApp } from "./built-app";
import { expectSecurityHeaders, sessionSetCookie, signInByForm } from "./http-checks";

// The production build with an https APP_URL (each test file runs in its own process, with its own
// configuration); headers.test.ts covers http. app/auth/auth-cookie-https.db.test.ts is the unit-level twin.
let app: BuiltApp;
let account: TestAccount;
beforeAll(async () => {
  app = await loadBuiltApp({ APP_URL: "https://qurhealth.test" });
  account = await createAccount(app.db, { approved: true });
});
afterAll(() => app?.close());

const HSTS = "max-age=63072000; includeSubDomains";

it("answers https requests with HSTS and upgrade-insecure-requests", async () => {
  const response = await app.request("https://qurhealth.test/");
  expect(response.status).toBe(200);
  expectSecurityHeaders(response, "https GET /");
  expect(response.headers.get("strict-transport-security")).toBe(HSTS);
  expect(response.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
});

it("counts X-Forwarded-Proto: https from the trusted proxy as https, and plain http as not", async () => {
  const proxied = await app.request("http://qurhealth.test/about", { headers: { "X-Forwarded-Proto": "https" } });
  expect(proxied.headers.get("strict-transport-security")).toBe(HSTS);
  const plain = await app.request("http://qurhealth.test/about");
  expect(plain.headers.get("strict-transport-security")).toBeNull();
  expectSecurityHeaders(plain, "http GET /about");
});

it("sets a __Secure- session cookie that is Secure, HttpOnly and SameSite=Lax, and signs the user in", async () => {
  const response = await signInByForm(app, account);
  expect(response.status).toBe(302);
  const cookie = sessionSetCookie(response);
  expect(cookie).toMatch(/^__Secure-app\.session_token=/);
  expect(cookie).toMatch(/;\s*Secure/i);
  expect(cookie).toMatch(/;\s*HttpOnly/i);
  expect(cookie).toMatch(/;\s*SameSite=Lax/i);
  expect(cookie).toMatch(/;\s*Path=\//i);
  const dashboard = await app.request("https://qurhealth.test/dashboard/doctor", {
    headers: { Cookie: cookie.split(";")[0] },
  });
  expect(dashboard.status).toBe(200);
});

// Behind a proxy that ends TLS the server is reached at http://…, the browser is on https://….
// React Router compares an action's Origin with the request's address; it must see the public one.
it("accepts a browser's form posts that a TLS-terminating proxy forwards as http (sign-in and contact)", async () => {
  const proxied = { "X-Forwarded-Proto": "https", "Sec-Fetch-Site": "same-origin", Origin: "https://qurhealth.test" };
  const signIn = await app.request("http://qurhealth.test/auth", {
    method: "POST",
    body: new URLSearchParams({ intent: "signin", email: account.email, password: account.password }),
    headers: proxied,
  });
  expect(signIn.status).toBe(302);
  expect(sessionSetCookie(signIn)).toMatch(/^__Secure-app\.session_token=/);
  const contact = await app.request("http://qurhealth.test/contact", {
    method: "POST",
    body: new URLSearchParams({
      name: "Ama Mensah",
      email: "ama@example.org",
      subject: "general",
      message: "Hello, I would like to know when the cardiology hub opens.",
    }),
    headers: proxied,
  });
  expect(contact.status).toBe(200);
  expect(await contact.text()).not.toContain("Something went wrong");
  // The same post as a client navigation's data request (React Router's single fetch).
  const data = await app.request("http://qurhealth.test/contact.data", {
    method: "POST",
    body: new URLSearchParams({
      name: "Ama Mensah",
      email: "ama@example.org",
      subject: "general",
      message: "Hello again, a second question about the hubs.",
    }),
    headers: proxied,
  });
  expect(data.status).toBe(200);
});
