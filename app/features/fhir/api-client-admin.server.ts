import { and, desc, eq, isNull, max, sql } from "drizzle-orm";
import { type Actor, assertGate } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { apiClientCalls, apiClients, facilities } from "~/db/schema";
import { recordAudit } from "~/features/audit/public.server";
import { refuse } from "~/lib/refusal";
import type { ApiClientInput } from "./api-client-schema";
import { ApiClientInputError, registerApiClient } from "./api-clients.server";

/*
 * The FHIR API's clients on the system administrators' screen (issue 36): list them with their
 * last call, register one (the same registerApiClient as `npm run create-api-client`) and revoke
 * one (its tokens stop at once). Registering and revoking are audited.
 */

export type ApiClientRow = {
  id: string;
  name: string;
  facility: string | null;
  scopes: string[];
  createdAt: string;
  revokedAt: string | null;
  lastCallAt: string | null;
};

export async function listApiClients(db: Db, actor: Actor) {
  assertGate(actor, "system-admin");
  const lastCall = db
    .select({ clientId: apiClientCalls.clientId, at: max(apiClientCalls.createdAt).as("last_call_at") })
    .from(apiClientCalls)
    .groupBy(apiClientCalls.clientId)
    .as("last_call");
  const [rows, choices] = await Promise.all([
    db
      .select({
        id: apiClients.id,
        name: apiClients.name,
        facility: facilities.name,
        scopes: apiClients.scopes,
        createdAt: apiClients.createdAt,
        revokedAt: apiClients.revokedAt,
        lastCallAt: lastCall.at,
      })
      .from(apiClients)
      .leftJoin(facilities, eq(facilities.id, apiClients.facilityId))
      .leftJoin(lastCall, eq(lastCall.clientId, apiClients.id))
      .orderBy(sql`${apiClients.revokedAt} is not null`, desc(apiClients.createdAt)),
    db
      .select({ slug: facilities.slug, name: facilities.name })
      .from(facilities)
      .where(eq(facilities.isActive, true))
      .orderBy(facilities.name),
  ]);
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  const clients: ApiClientRow[] = rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    revokedAt: iso(r.revokedAt),
    lastCallAt: iso(r.lastCallAt),
  }));
  return { clients, facilities: choices };
}

/** Registers a client from the screen's form; its id is what the hospital signs its assertions with. */
export async function registerApiClientAs(db: Db, actor: Actor, input: ApiClientInput): Promise<{ id: string }> {
  const admin = assertGate(actor, "system-admin");
  let jwks: unknown;
  try {
    jwks = JSON.parse(input.jwks);
  } catch {
    refuse(400, "The keys are not JSON: paste the JWKS as the system exported it.", {
      jwks: "The keys are not JSON: paste the JWKS as the system exported it.",
    });
  }
  try {
    return await db.transaction(async (tx) => {
      const created = await registerApiClient(
        tx as unknown as Db,
        { name: input.name, jwks, facilitySlug: input.facility || null },
        admin.id,
      );
      await recordAudit(tx, {
        actorId: admin.id,
        action: "api_client.registered",
        subjectType: "api_client",
        subjectId: created.id,
        reason: input.name,
      });
      return { id: created.id };
    });
  } catch (error) {
    if (error instanceof ApiClientInputError) {
      const field = /facility/i.test(error.message) ? "facility" : "jwks";
      refuse(400, error.message, { [field]: error.message });
    }
    throw error;
  }
}

/** Revokes a client: it gets no more tokens, and the ones it has stop working at once. */
export async function revokeApiClient(db: Db, actor: Actor, clientId: unknown): Promise<{ name: string }> {
  const admin = assertGate(actor, "system-admin");
  const id = typeof clientId === "string" ? clientId : "";
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) refuse(404, "Client not found.");
  return db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiClients)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiClients.id, id), isNull(apiClients.revokedAt)))
      .returning({ name: apiClients.name });
    if (!revoked) refuse(404, "Client not found, or already revoked.");
    await recordAudit(tx, {
      actorId: admin.id,
      action: "api_client.revoked",
      subjectType: "api_client",
      subjectId: id,
      reason: revoked.name,
    });
    return revoked;
  });
}
