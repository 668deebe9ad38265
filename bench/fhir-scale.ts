// The FHIR API's numbers at scale, run by bench/referrals-seed.ts (--only fhir) on its seeded
// database: the FHIR API called in process (the Hono app the server mounts, tokens, JSON and
// all) by facilities' clients and the network's. Targets on PostgreSQL: a facility's Task search
// p95 <= 50 ms, a page of 100 ServiceRequests with their Tasks included <= 100 ms.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import type { ClientActor } from "~/auth/actor.server";
import type { DatabaseHandle } from "~/db/client.server";
import { registerApiClient } from "~/features/fhir/api-clients.server";
import { fhirApi } from "~/features/fhir/public.server";
import { referralsForClient } from "~/features/referrals/public.server";
import { transitionReferral } from "~/features/referrals/referral-transitions.server";
import { postMessage } from "~/features/referrals/workspace-messages.server";

export const FHIR_TASK_BUDGET_MS = 50;
export const FHIR_PAGE_BUDGET_MS = 100;

const BASE = "http://bench.invalid";
const SECRET = "bench-secret-bench-secret-bench-secret-0123";

type Measure<S> = (label: string, run: (i: number) => Promise<unknown>, budgetMs: number) => Promise<S>;

/** A registered client (of `facility`, or the network's) and a token for it. */
async function clientToken(handle: DatabaseHandle, app: Hono, facility: string | null): Promise<string> {
  const pair = await generateKeyPair("ES384", { extractable: true });
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: randomUUID(), alg: "ES384" };
  const { id } = await registerApiClient(handle.db, {
    name: "Bench EMR",
    jwks: { keys: [jwk] },
    facilitySlug: facility,
  });
  const assertion = await new SignJWT({})
    .setProtectedHeader({ alg: "ES384", kid: jwk.kid })
    .setIssuer(id)
    .setSubject(id)
    .setAudience(`${BASE}/fhir/auth/token`)
    .setJti(randomUUID())
    .setExpirationTime(Math.floor(Date.now() / 1000) + 240)
    .sign(pair.privateKey);
  const response = await app.fetch(
    new Request(`${BASE}/fhir/auth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
        client_assertion: assertion,
      }),
    }),
  );
  return ((await response.json()) as { access_token: string }).access_token;
}

export async function measureFhir<S>(handle: DatabaseHandle, measure: Measure<S>): Promise<S[]> {
  const app = new Hono().route(
    "/fhir",
    fhirApi({
      db: async () => handle.db,
      baseUrl: BASE,
      secret: SECRET,
      transitionReferral,
      postMessage,
      callsPerMinute: 1_000_000,
    }),
  );
  // The busiest facilities: their clients page through the most referrals.
  const busiest = await handle.db.execute<{ slug: string }>(
    sql`select f.slug from facilities f join referrals r on r.facility_id = f.id where f.is_active
        group by f.slug order by count(*) desc limit 10`,
  );
  const tokens = await Promise.all(busiest.rows.map((r) => clientToken(handle, app, r.slug)));
  const network = await clientToken(handle, app, null);
  const call = async (token: string, path: string) => {
    const response = await app.fetch(new Request(`${BASE}${path}`, { headers: { Authorization: `Bearer ${token}` } }));
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    return response.json() as Promise<{ link: Array<{ relation: string; url: string }>; entry?: unknown[] }>;
  };
  const pick = <T>(items: T[], i: number) => items[i % items.length]!;
  const since = new Date(Date.now() - 30 * 24 * 60 * 60_000).toISOString().slice(0, 10);
  const facilityIds = await handle.db.execute<{ id: string }>(
    sql`select id from facilities where slug in (${sql.join(
      busiest.rows.map((r) => sql`${r.slug}`),
      sql`, `,
    )})`,
  );
  const actors: ClientActor[] = facilityIds.rows.map((r) => ({
    kind: "client",
    id: "00000000-0000-0000-0000-000000000000",
    name: "Bench EMR",
    facilityId: r.id,
    scopes: ["system/*.rs"],
  }));
  // A next link five pages in, per client (keyset: each page starts after the last one's row).
  const deep = await Promise.all(
    tokens.map(async (token) => {
      let url = "/fhir/Task?_count=20";
      for (let page = 0; page < 5; page++) {
        const next = (await call(token, url)).link.find((l) => l.relation === "next")?.url;
        if (!next) break;
        url = next.slice(BASE.length);
      }
      return { token, url };
    }),
  );
  return [
    await measure(
      "fhir: a facility's Task search (requested, first 20)",
      (i) => call(pick(tokens, i), "/fhir/Task?status=requested"),
      FHIR_TASK_BUDGET_MS,
    ),
    await measure(
      "fhir: a facility's Task search (every status, page 6 by next link)",
      (i) => call(pick(deep, i).token, pick(deep, i).url),
      FHIR_TASK_BUDGET_MS,
    ),
    await measure(
      "fhir: a facility's poll, Tasks changed in the last 30 days (_lastUpdated=ge)",
      (i) => call(pick(tokens, i), `/fhir/Task?_lastUpdated=ge${since}`),
      FHIR_TASK_BUDGET_MS,
    ),
    // The same first page's database work alone (no token, rate limit, call record or JSON):
    // what the API adds on top is the difference.
    await measure(
      "fhir: a facility's Task search, the query alone (every status, first 20)",
      (i) => referralsForClient(handle.db, pick(actors, i), { limit: 20 }),
      FHIR_TASK_BUDGET_MS,
    ),
    await measure(
      "fhir: a facility's Task search by business-status 3.0",
      (i) => call(pick(tokens, i), "/fhir/Task?business-status=3.0"),
      FHIR_TASK_BUDGET_MS,
    ),
    await measure(
      "fhir: 100 ServiceRequests with their Tasks (_revinclude), a facility's",
      (i) => call(pick(tokens, i), "/fhir/ServiceRequest?_count=100&_revinclude=Task:focus"),
      FHIR_PAGE_BUDGET_MS,
    ),
    await measure(
      "fhir: 100 Tasks with their ServiceRequests (_include), the network's",
      () => call(network, "/fhir/Task?_count=100&_include=Task:focus"),
      FHIR_PAGE_BUDGET_MS,
    ),
  ];
}
