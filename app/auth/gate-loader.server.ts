import { data } from "react-router";
import type { Db } from "../db/client.server";
import { redirectWithToast } from "../lib/flash.server";
import { type GatedArea, gateFor, type UserActor } from "./actor";
import { actorHeaders, getActor, sessionEnded } from "./actor.server";
import { gateStatus, sessionEndedToast } from "./context.server";

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
