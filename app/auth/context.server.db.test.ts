import { eq } from "drizzle-orm";
import { type MiddlewareFunction, RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { databaseContext, dbOf } from "~/db/context.server";
import { sessions } from "~/db/schema";
import { readFlash } from "~/lib/flash.server";
import { createAccount, requestWith, sessionCookie } from "../../tests/helpers/accounts";
import { createTestDb, type TestDatabase } from "../../tests/helpers/test-db";
import { refusedGateOf } from "./components/gate-screens";
import { actorMiddleware, actorOf, allowedActor, gate, sessionEndedOf } from "./context.server";

vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");

let h: TestDatabase;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h.drop();
});

/**
 * Runs the root's actor middleware (and a gated layout's, when given) around `handler`, as React
 * Router does for a request: the handler stands for the loaders and actions and answers `answer`.
 */
async function run(
  request: Request,
  handler: (context: RouterContextProvider) => Promise<unknown>,
  options: { area?: Parameters<typeof gate>[0]; answer?: () => Response } = {},
) {
  const context = new RouterContextProvider();
  context.set(databaseContext, h.db);
  const middlewares: MiddlewareFunction<Response>[] = [actorMiddleware, ...(options.area ? [gate(options.area)] : [])];
  const args = { request, context, params: {}, url: new URL(request.url), pattern: "" };
  let outcome: unknown;
  const chain = async (index: number): Promise<Response> => {
    const middleware = middlewares[index];
    if (!middleware) {
      outcome = await handler(context).catch((error: unknown) => ({ thrown: error }));
      return options.answer?.() ?? new Response("page");
    }
    return (await middleware(args, () => chain(index + 1))) as Response;
  };
  const response = await chain(0);
  return { response, outcome };
}

async function signedInCookie(options: Parameters<typeof createAccount>[1] = { role: "doctor", approved: true }) {
  const account = await createAccount(h.db, options);
  return { account, cookie: await sessionCookie(h.db, account) };
}

describe("the database in context", () => {
  it("is the one the middleware put there, and a route without it is a bug", () => {
    const context = new RouterContextProvider();
    expect(() => dbOf(context)).toThrow();
    context.set(databaseContext, h.db);
    expect(dbOf(context)).toBe(h.db);
  });
});

describe("the actor in context", () => {
  it("is read once per request, however many loaders ask", async () => {
    const { account, cookie } = await signedInCookie();
    const { outcome } = await run(requestWith(cookie), async (context) => {
      const [first, second] = await Promise.all([actorOf(context), actorOf(context)]);
      return { first, second, same: (await actorOf(context)) === first };
    });
    const { first, same } = outcome as { first: { id: string }; same: boolean };
    expect(first.id).toBe(account.id);
    expect(same).toBe(true);
  });

  it("is anonymous without a session cookie, and then adds no cookie to the answer", async () => {
    const { response, outcome } = await run(requestWith(null), (context) => actorOf(context));
    expect(outcome).toEqual({ kind: "anonymous" });
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("adds the removal of an ended session's cookie to the answer, which no loader returns", async () => {
    const { account, cookie } = await signedInCookie();
    await h.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, account.id));
    const { response, outcome } = await run(requestWith(cookie), async (context) => ({
      actor: await actorOf(context),
      ended: await sessionEndedOf(context),
    }));
    expect(outcome).toEqual({ actor: { kind: "anonymous" }, ended: true });
    expect(response.headers.getSetCookie().join()).toMatch(/session_token=;|Max-Age=0/i);
  });

  it("adds nothing when no loader asked who it is (a content page)", async () => {
    const { account, cookie } = await signedInCookie();
    await h.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, account.id));
    const { response } = await run(requestWith(cookie), async () => null);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("adds the cookies to an answer whose headers are read-only, and keeps the answer's own", async () => {
    const { account, cookie } = await signedInCookie();
    await h.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, account.id));
    const readOnly = () => {
      const response = Response.redirect("http://localhost:3000/auth", 302);
      return response;
    };
    const { response } = await run(requestWith(cookie), (context) => actorOf(context), { answer: readOnly });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("http://localhost:3000/auth");
    expect(response.headers.getSetCookie().join()).toMatch(/session_token=;|Max-Age=0/i);
  });
});

describe("gated layouts: allowedActor", () => {
  const refusal = (outcome: unknown) => {
    const thrown = (outcome as { thrown?: { data?: unknown; init?: { status?: number } } }).thrown;
    return { status: thrown?.init?.status, data: thrown?.data };
  };

  it("gives the actor the area allows", async () => {
    const { account, cookie } = await signedInCookie();
    const { outcome } = await run(requestWith(cookie), (context) => allowedActor(context), { area: "doctor" });
    expect((outcome as { id: string }).id).toBe(account.id);
  });

  it("throws 401 to anonymous visitors, 403 to the wrong role, awaiting approval or declined, with the gate", async () => {
    const anonymous = await run(requestWith(null), (context) => allowedActor(context), { area: "doctor" });
    expect(refusal(anonymous.outcome)).toEqual({
      status: 401,
      data: { message: "Authentication Required", gate: { kind: "anonymous" } },
    });

    const admin = await signedInCookie({ role: "facility_admin", approved: true });
    const wrongRole = await run(requestWith(admin.cookie), (context) => allowedActor(context), { area: "doctor" });
    expect(refusal(wrongRole.outcome)).toEqual({
      status: 403,
      data: {
        message: "This dashboard is only available for doctors.",
        gate: { kind: "denied", message: "This dashboard is only available for doctors." },
      },
    });

    const pending = await signedInCookie({ role: "doctor", approved: false });
    const waiting = await run(requestWith(pending.cookie), (context) => allowedActor(context), { area: "doctor" });
    expect(refusal(waiting.outcome)).toEqual({
      status: 403,
      data: { message: "Account Pending Approval", gate: { kind: "pending", role: "doctor" } },
    });
  });

  it("the error boundary reads the gate back from the refusal", async () => {
    const { outcome } = await run(requestWith(null), (context) => allowedActor(context), { area: "system-admin" });
    const { status, data } = refusal(outcome);
    expect(refusedGateOf({ status, data })).toEqual({ kind: "anonymous" });
    expect(refusedGateOf({ status: 404, data: "Referral not found" })).toBeNull();
  });

  it("sends a page's visitor whose session ended to sign in, told why; a post gets the 401", async () => {
    const { account, cookie } = await signedInCookie();
    await h.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, account.id));
    const page = await run(requestWith(cookie), (context) => allowedActor(context), { area: "doctor" });
    const redirect = (page.outcome as { thrown: Response }).thrown;
    expect(redirect).toBeInstanceOf(Response);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("/auth");
    expect(redirect.headers.getSetCookie().some((c) => c.startsWith("qh_flash="))).toBe(true);

    const post = new Request(requestWith(cookie), { method: "POST", body: new FormData() });
    const posted = await run(post, (context) => allowedActor(context), { area: "doctor" });
    expect(refusal(posted.outcome).status).toBe(401);
  });

  // The drafts kept in the browser (patient details) go when a session is found ended.
  it("a session found ended: the answer clears the site's storage, and the sign-in page is told to drop the drafts", async () => {
    const { account, cookie } = await signedInCookie();
    await h.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, account.id));
    const page = await run(requestWith(cookie), (context) => allowedActor(context), { area: "doctor" });
    expect(page.response.headers.get("Clear-Site-Data")).toBe('"storage"');
    const redirect = (page.outcome as { thrown: Response }).thrown;
    const flash = redirect.headers
      .getSetCookie()
      .find((c) => c.startsWith("qh_flash="))
      ?.split(";")[0];
    const landed = await readFlash(new Request("http://localhost:3000/auth", { headers: { cookie: flash ?? "" } }));
    expect(landed.sessionEnded).toBe(true);
    expect(landed.toast?.title).toBe("Your session has ended");
    // A live session's answer keeps the storage.
    const live = await signedInCookie();
    const fine = await run(requestWith(live.cookie), (context) => allowedActor(context), { area: "doctor" });
    expect(fine.response.headers.get("Clear-Site-Data")).toBeNull();
  });

  it("refuses to run below no gated layout (a route left out of one is a bug, not an open door)", async () => {
    const { cookie } = await signedInCookie();
    const { outcome } = await run(requestWith(cookie), (context) => allowedActor(context));
    expect((outcome as { thrown: Error }).thrown).toBeInstanceOf(Error);
  });
});
