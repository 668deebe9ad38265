import { data } from "react-router";
import type { Db } from "../db/client.server";
import { env } from "../env.server";
import { redirectWithToast } from "../lib/flash.server";
import { type Gate, type GatedArea, gateFor, type UserActor } from "./actor";
import { actorHeaders, getActor, sessionEnded } from "./actor.server";

/** The sign-in page's explanation after a session has ended (sessions idle out, and end after a while). */
export function sessionEndedToast() {
  const { SESSION_IDLE_MINUTES: idle, SESSION_MAX_HOURS: max } = env();
  return {
    title: "Your session has ended",
    description: `For your security, you are signed out after ${idle} minutes without activity and ${max} hours after signing in. Please sign in again.`,
    variant: "default",
  } as const;
}

/** The HTTP status of a gate screen: 401 to sign in, 403 for the wrong role or awaiting approval. */
export function gateStatus(gate: Gate): number {
  return gate.kind === "allowed" ? 200 : gate.kind === "anonymous" ? 401 : 403;
}

/**
 * A gated page's loader in one call: the gate (for the gate screens, with its HTTP status) and,
 * when it allows, the page's data loaded for the actor. Refused visitors cost no data query.
 */
export async function loadGated<T>(db: Db, request: Request, area: GatedArea, load: (actor: UserActor) => Promise<T>) {
  const actor = await getActor(db, request);
  if (actor.kind === "anonymous" && (await sessionEnded(db, request))) {
    // The session has ended while the page was open or the tab was away: sign in again, told why.
    throw await redirectWithToast("/auth", sessionEndedToast(), { headers: await actorHeaders(db, request) });
  }
  const gate = gateFor(actor, area);
  const loaded = gate.kind === "allowed" ? await load(gate.actor) : null;
  return data({ gate, data: loaded }, { status: gateStatus(gate) });
}
