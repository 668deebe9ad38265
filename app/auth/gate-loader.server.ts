import type { Db } from "../db/client.server";
import { type Gate, type GatedArea, gateFor, type UserActor } from "./actor";
import { getActor } from "./actor.server";

/**
 * A gated page's loader in one call: the gate (for the gate screens) and, when it allows, the
 * page's data loaded for the actor. Refused visitors cost no data query.
 */
export async function loadGated<T>(
  db: Db,
  request: Request,
  area: GatedArea,
  load: (actor: UserActor) => Promise<T>,
): Promise<{ gate: Gate; data: T | null }> {
  const gate = gateFor(await getActor(db, request), area);
  return { gate, data: gate.kind === "allowed" ? await load(gate.actor) : null };
}
