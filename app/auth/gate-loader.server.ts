import { data } from "react-router";
import type { Db } from "../db/client.server";
import { type Gate, type GatedArea, gateFor, type UserActor } from "./actor";
import { getActor } from "./actor.server";

/** The HTTP status of a gate screen: 401 to sign in, 403 for the wrong role or awaiting approval. */
export function gateStatus(gate: Gate): number {
  return gate.kind === "allowed" ? 200 : gate.kind === "anonymous" ? 401 : 403;
}

/**
 * A gated page's loader in one call: the gate (for the gate screens, with its HTTP status) and,
 * when it allows, the page's data loaded for the actor. Refused visitors cost no data query.
 */
export async function loadGated<T>(db: Db, request: Request, area: GatedArea, load: (actor: UserActor) => Promise<T>) {
  const gate = gateFor(await getActor(db, request), area);
  const loaded = gate.kind === "allowed" ? await load(gate.actor) : null;
  return data({ gate, data: loaded }, { status: gateStatus(gate) });
}
