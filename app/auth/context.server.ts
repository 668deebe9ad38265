import { createContext, data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { dbOf } from "../db/context.server";
import { env } from "../env.server";
import { type Translate, translator } from "../i18n/i18n";
import type { Locale } from "../i18n/locales";
import { redirectWithToast } from "../lib/flash.server";
import { type Actor, type Gate, type GatedArea, gateFor, gateMessage, localeOfActor, type UserActor } from "./actor";
import { type LoadedActor, load } from "./actor.server";

/*
 * Who is asking, once per request, through React Router's middleware and context (decision 028).
 * `actorMiddleware` (root.tsx) gives every loader and action of a request the same lazily loaded
 * actor (`actorOf(context)`; a page that never asks costs nothing, a request without a session
 * cookie no database round trip), and after the answer is made it adds the session's Set-Cookie
 * headers (the renewed cookie, or its removal when the session ended) to it: loaders do not.
 *
 * A gated layout (app/routes.ts) declares its area once with `gate(area)`; the loaders and actions
 * below it take the actor with `allowedActor(context)`, which throws the gate's refusal (401 to sign
 * in, 403 for the wrong role, awaiting approval or declined) so none of them loads or changes
 * anything for the wrong person, although loaders run in parallel. The dashboard frame's error
 * boundary draws the refusal as the gate screen, with its status.
 */

const actorContext = createContext<() => Promise<LoadedActor>>();

export const actorMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  let pending: Promise<LoadedActor> | undefined;
  context.set(actorContext, () => {
    pending ??= load(dbOf(context), request);
    return pending;
  });
  const response = await next();
  // A failed load has already answered (the loader that asked threw): nothing to add then.
  const loaded = pending ? await pending.catch(() => null) : null;
  const cookies = loaded?.headers.getSetCookie() ?? [];
  const answer = cookies.length ? withSetCookies(response, cookies) : response;
  // A session found ended (idle, too old, ended elsewhere) takes this site's storage in the browser
  // with it, as Sign Out does: the drafts there hold patient details.
  return loaded?.ended ? withHeader(answer, "Clear-Site-Data", '"storage"') : answer;
};

/** The answer with a header set (an answer's headers may be read-only: then a copy). */
function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(name, value);
    return copy;
  }
}

/** The answer with the session's cookies added (an answer's headers may be read-only: then a copy). */
function withSetCookies(response: Response, cookies: string[]): Response {
  const present = new Set(response.headers.getSetCookie());
  const missing = cookies.filter((cookie) => !present.has(cookie));
  try {
    for (const cookie of missing) response.headers.append("Set-Cookie", cookie);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    for (const cookie of missing) copy.headers.append("Set-Cookie", cookie);
    return copy;
  }
}

function loaded(context: Readonly<RouterContextProvider>): Promise<LoadedActor> {
  return context.get(actorContext)();
}

/** The actor of this request: anonymous, or the signed-in user with their effective role and approval. */
export async function actorOf(context: Readonly<RouterContextProvider>): Promise<Actor> {
  return (await loaded(context)).actor;
}

/** The language of the person asking (decision 044): the platform's texts a loader or an action builds. */
export async function actorLocale(context: Readonly<RouterContextProvider>): Promise<Locale> {
  return localeOfActor(await actorOf(context));
}

/** A translation function in the language of the person asking: the English text (or a key) in, theirs out. */
export async function actorTranslator(context: Readonly<RouterContextProvider>): Promise<Translate> {
  return translator(await actorLocale(context));
}

/** True when the request's session cookie named a session that has ended: the sign-in page says why. */
export async function sessionEndedOf(context: Readonly<RouterContextProvider>): Promise<boolean> {
  return (await loaded(context)).ended;
}

/** The sign-in page's explanation after a session has ended (sessions idle out, and end after a while). */
export function sessionEndedToast() {
  const { SESSION_IDLE_MINUTES: idle, SESSION_MAX_HOURS: max } = env();
  return {
    title: "Your session has ended",
    description: `For your security, you are signed out after ${idle} minutes without activity and ${max} hours after signing in. Please sign in again.`,
    variant: "default",
    // The sign-in page removes the drafts kept in the browser (lib/drafts-end.ts).
    sessionEnded: true,
  } as const;
}

/** The HTTP status of a gate screen: 401 to sign in, 403 for the wrong role or awaiting approval. */
export function gateStatus(gate: Gate): number {
  return gate.kind === "allowed" ? 200 : gate.kind === "anonymous" ? 401 : 403;
}

type GateDeclaration = { area: GatedArea; reading: boolean };
const gateContext = createContext<GateDeclaration | null>(null);

/** A gated layout's middleware: the area its pages belong to (`export const middleware = [gate("doctor")]`). */
export function gate(area: GatedArea): MiddlewareFunction<Response> {
  return ({ request, context }, next) => {
    context.set(gateContext, { area, reading: request.method === "GET" || request.method === "HEAD" });
    return next();
  };
}

/**
 * The actor the gated layout above allows, else the gate's refusal thrown: 401 or 403 with
 * `{ message, gate }` (an action's `formAction` answers it as a refusal, a page's error boundary
 * draws the gate screen). A page asked for by someone whose session has just ended sends them to
 * sign in, told why.
 */
export async function allowedActor(context: Readonly<RouterContextProvider>): Promise<UserActor> {
  const declared = context.get(gateContext);
  if (!declared) throw new Error("allowedActor: the route is not below a gated layout (app/routes.ts)");
  const { actor, ended } = await loaded(context);
  const found = gateFor(actor, declared.area);
  if (found.kind === "allowed") return found.actor;
  if (found.kind === "anonymous" && ended && declared.reading) {
    throw await redirectWithToast("/auth", sessionEndedToast());
  }
  throw data({ message: gateMessage(found), gate: found }, { status: gateStatus(found) });
}
