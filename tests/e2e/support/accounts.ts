import type { APIRequestContext, Cookie, Page } from "@playwright/test";
import { expect, test, waitForMail } from "../fixtures";

/*
 * Accounts for end-to-end tests, through the real server with mail caught by the test SMTP
 * server. The approved system administrator comes from BOOTSTRAP_ADMIN_* (playwright.config.ts).
 */
export const ADMIN = { email: "admin@example.test", password: "Admin-Passw0rd!", name: "Ada Admin" };
export const PASSWORD = "Str0ng-Passw0rd!";
export const PENDING_DOCTOR =
  "Your doctor account is awaiting admin approval. You will be able to create referrals once approved.";

let seq = 0;
export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${(seq++).toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;

export function linkIn(text: string, pattern: RegExp): string {
  const link = text.match(pattern)?.[0];
  if (!link) throw new Error(`no link matching ${pattern} in:\n${text}`);
  return link;
}

export const verificationLink = async (email: string) =>
  linkIn(
    (await waitForMail(email, (m) => /Confirm your email/.test(m.subject))).text,
    /https?:\/\/\S+\/auth\/verify\?token=\S+/,
  );

/** The active facilities the registration form offers, in its order. */
export async function facilityChoices(request: APIRequestContext): Promise<Array<{ id: string; name: string }>> {
  const html = await (await request.get("/auth?tab=register")).text();
  const select = html.match(/<select[^>]*name="facility_id"[\s\S]*?<\/select>/)?.[0] ?? "";
  const options = [...select.matchAll(/<option value="([0-9a-f-]{36})"[^>]*>([^<]+)<\/option>/g)];
  if (options.length === 0) throw new Error("no facility to choose");
  return options.map((o) => ({ id: o[1], name: decodeEntities(o[2]) }));
}

/** The first active facility offered by the registration form. */
export async function firstFacility(request: APIRequestContext): Promise<{ id: string; name: string }> {
  return (await facilityChoices(request))[0];
}

/** Registers through a plain form post (the no-JavaScript path) and opens the emailed link. */
export async function registerAndVerify(
  request: APIRequestContext,
  options: { role: "doctor" | "facility_admin" | "system_admin"; name?: string; facilityId?: string },
): Promise<{ email: string; password: string; name: string; role: "doctor" | "facility_admin" | "system_admin" }> {
  const email = uniqueEmail(options.role.replace("_", "-"));
  const name = options.name ?? "Kwame Asante";
  const form: Record<string, string> = {
    intent: "register",
    full_name: name,
    email,
    phone: "0241234567",
    password: PASSWORD,
    confirmPassword: PASSWORD,
    role: options.role,
    specialty: options.role === "doctor" ? "Cardiology" : "",
    facility_id: options.role === "facility_admin" ? (options.facilityId ?? (await firstFacility(request)).id) : "",
    // A doctor's MDC registration number, a facility administrator's facility's HeFRA licence number.
    mdc_number: options.role === "doctor" ? "MDC/RN/04321" : "",
    hefra_licence: options.role === "facility_admin" ? "HeFRA/GAR/2024/0042" : "",
  };
  const response = await request.post("/auth?tab=register", { form });
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain("Registration Successful");
  const verify = await request.get(await verificationLink(email), { maxRedirects: 0 });
  expect(verify.status()).toBe(302);
  expect(verify.headers().location).toBe("/auth/email-confirmed");
  return { email, password: PASSWORD, name, role: options.role };
}

/** The toast title of an approval: it names the account's role. */
export function approvedTitle(role: "doctor" | "facility_admin" | "system_admin"): string {
  return (
    { doctor: "Doctor", facility_admin: "Facility Administrator", system_admin: "System Administrator" }[role] +
    " Approved"
  );
}

/**
 * The session cookies of each person this worker has signed in (decision 038), by server and email:
 * the next context of the same person starts with them instead of posting the password again
 * (scrypt on the server each time). A session that has ended (signed out, password changed) is
 * noticed and replaced by a new sign-in.
 */
const sessions = new Map<string, Cookie[]>();
const sessionKey = (baseURL: string, email: string) => `${new URL(baseURL).origin} ${email.toLowerCase()}`;

/** The cookies of a session of `email` this worker signed in, if any. */
export function knownSession(baseURL: string, email: string): Cookie[] | undefined {
  return sessions.get(sessionKey(baseURL, email));
}

/** Remembers (or, with no cookies, forgets) the session of `email` on the server at `baseURL`. */
export function rememberSession(baseURL: string, email: string, cookies: Cookie[] | undefined): void {
  if (cookies?.length) sessions.set(sessionKey(baseURL, email), cookies);
  else sessions.delete(sessionKey(baseURL, email));
}

/**
 * Signs `page`'s browser context in without the form (decision 038): with the session this worker
 * already made for `email` if it is still good, else the sign-in form's own post, sent by the
 * context's request client (its cookies are the browser's); then the page opens where the server
 * sends a signed-in user. For specs whose subject is what comes after signing in; the form itself,
 * in a browser, is accounts.spec.ts's (`signIn`).
 */
export async function signInDirectly(page: Page, email: string, password: string): Promise<void> {
  const baseURL = test.info().project.use.baseURL ?? "";
  const known = knownSession(baseURL, email);
  if (known) {
    await page.context().addCookies(known);
    // /auth sends a signed-in user to their dashboard, as the sign-in post does.
    await page.goto("/auth");
    if (new URL(page.url()).pathname !== "/auth") return;
    rememberSession(baseURL, email, undefined);
    await page.context().clearCookies();
  }
  const response = await page.context().request.post(new URL("/auth", baseURL).href, {
    form: { intent: "signin", email, password },
    headers: { Origin: new URL(baseURL).origin },
    maxRedirects: 0,
  });
  expect(response.status(), `sign in ${email}`).toBe(302);
  rememberSession(baseURL, email, await page.context().cookies(baseURL));
  await page.goto(response.headers().location ?? "/");
}

/** Signs in through the form on /auth, as a person does. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/auth");
  const panel = page.getByRole("tabpanel", { name: "Sign In" });
  await panel.getByLabel("Email").fill(email);
  await panel.getByLabel(/^Password/).fill(password);
  await panel.getByRole("button", { name: "Sign In" }).click();
}

/** The text of HTML-escaped markup (the entities React writes). */
function decodeEntities(html: string): string {
  return html
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}
