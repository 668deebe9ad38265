import { and, desc, eq, isNull, max, sql } from "drizzle-orm";
import { type Actor, assertGate } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { apiClientCalls, apiClients, facilities } from "~/db/schema";
import { recordAudit } from "~/features/audit/public.server";
import { refuse } from "~/lib/refusal";
import type { ApiClientInput } from "./api-client-schema";
import { ApiClientInputError, checkedScopes, type JwksFetchOptions, registerApiClient } from "./api-clients.server";

/*
 * The FHIR API's clients on the system administrators' screen (decision 047): list them with their
 * last call, register one (the same registerApiClient as `npm run create-api-client`) and revoke
 * one (its tokens stop at once). Registering and revoking are audited.
 */

export type ApiClientRow = {
  id: string;
  name: string;
  facility: string | null;
  scopes: string[];
  /** Where its keys are published (null: the keys were registered themselves). */
  jwksUrl: string | null;
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
        jwksUrl: apiClients.jwksUrl,
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

/** Which field of the form an ApiClientInputError is about. */
function fieldOf(message: string, jwksUrl: boolean): string {
  if (/scope|only reads/i.test(message)) return "scopes";
  if (/facility/i.test(message)) return "facility";
  return jwksUrl ? "jwksUrl" : "jwks";
}

/**
 * Registers a client from the screen's form, with the scopes ticked; its id is what the hospital
 * signs its assertions with. The keys are pasted, or given by their https address (fetched now).
 * `fetchOptions` is for tests (a local JWKS server): the screen itself never admits http.
 */
export async function registerApiClientAs(
  db: Db,
  actor: Actor,
  input: ApiClientInput,
  fetchOptions: JwksFetchOptions = {},
): Promise<{ id: string }> {
  const admin = assertGate(actor, "system-admin");
  const jwksText = input.jwks?.trim() ?? "";
  const jwksUrl = input.jwksUrl?.trim() ?? "";
  if ((jwksText === "") === (jwksUrl === "")) {
    const message = "Paste the system's public keys (a JWKS) or give the https address it publishes them at, not both.";
    refuse(400, message, { jwks: message });
  }
  let jwks: unknown = null;
  if (jwksText !== "") {
    try {
      jwks = JSON.parse(jwksText);
      // No key holds U+0000, and PostgreSQL's jsonb cannot store it (the insert would be a 500).
      if (JSON.stringify(jwks).includes("\\u0000")) throw new Error("U+0000 in the keys");
    } catch {
      refuse(400, "The keys are not JSON: paste the JWKS as the system exported it.", {
        jwks: "The keys are not JSON: paste the JWKS as the system exported it.",
      });
    }
  }
  try {
    return await db.transaction(async (tx) => {
      const created = await registerApiClient(
        tx as unknown as Db,
        {
          name: input.name,
          jwks,
          jwksUrl: jwksUrl || null,
          facilitySlug: input.facility || null,
          scopes: input.scopes,
        },
        admin.id,
        fetchOptions,
      );
      await recordAudit(tx, {
        actorId: admin.id,
        action: "api_client.registered",
        subjectType: "api_client",
        subjectId: created.id,
        reason: `${input.name} (${created.scopes.join(" ")})`,
      });
      return { id: created.id };
    });
  } catch (error) {
    if (error instanceof ApiClientInputError) {
      refuse(400, error.message, { [fieldOf(error.message, jwksUrl !== "")]: error.message });
    }
    throw error;
  }
}

/**
 * Changes what a client may do (its scopes), audited with the scopes before and after. Tokens
 * already issued lose a removed scope at once (every call re-reads the client); an added one
 * comes with the client's next token. A revoked client is not changed.
 */
export async function setApiClientScopes(
  db: Db,
  actor: Actor,
  input: { clientId: string; scopes: string[] },
): Promise<{ name: string; scopes: string[] }> {
  const admin = assertGate(actor, "system-admin");
  const id = input.clientId;
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) refuse(404, "Client not found.");
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ name: apiClients.name, facilityId: apiClients.facilityId, scopes: apiClients.scopes })
      .from(apiClients)
      .where(and(eq(apiClients.id, id), isNull(apiClients.revokedAt)))
      .for("update");
    if (!current) refuse(404, "Client not found, or revoked.");
    let scopes: string[];
    try {
      scopes = checkedScopes(input.scopes, current.facilityId);
    } catch (error) {
      if (error instanceof ApiClientInputError) refuse(400, error.message, { scopes: error.message });
      throw error;
    }
    if (scopes.join(" ") === current.scopes.join(" ")) return { name: current.name, scopes };
    await tx.update(apiClients).set({ scopes }).where(eq(apiClients.id, id));
    await recordAudit(tx, {
      actorId: admin.id,
      action: "api_client.scopes_changed",
      subjectType: "api_client",
      subjectId: id,
      reason: `${current.name}: ${current.scopes.join(" ")} -> ${scopes.join(" ")}`,
    });
    return { name: current.name, scopes };
  });
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
