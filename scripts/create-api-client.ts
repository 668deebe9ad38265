// `npm run create-api-client -- --name NAME (--jwks-file FILE | --jwks-url URL) [--facility SLUG] [--scopes "..."]`:
// registers a hospital system as a client of the FHIR API (decision 034) and prints its client id.
// With --facility it is that facility's client (default scopes "system/*.rs system/Task.u
// system/Communication.c"); without, the network's read-only client ("system/*.rs"). The JWKS
// file holds the client's public keys (RS384 or ES384, each with a kid); --jwks-url is instead the
// https address the system publishes them at (fetched now to check it, then whenever keys rotate).
// Uses DATABASE_URL or the PGlite directory under DATA_DIR; a PGlite directory admits one process
// at a time, so stop the server first. Registering from the shell is audited (no actor).
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { closeDatabase, database } from "../app/database.server.ts";
import { auditEvents } from "../app/db/schema.ts";
import { ApiClientInputError, registerApiClient } from "../app/features/fhir/api-clients.server.ts";

const USAGE = `Usage: npm run create-api-client -- --name "<system name>" (--jwks-file <public-keys.json> | --jwks-url https://...) [--facility <slug>] [--scopes "system/*.rs system/Task.u system/Communication.c"]

Registers a FHIR API client and prints its client id.`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

let values: {
  name?: string;
  "jwks-file"?: string;
  "jwks-url"?: string;
  facility?: string;
  scopes?: string;
  help?: boolean;
};
try {
  ({ values } = parseArgs({
    options: {
      name: { type: "string" },
      "jwks-file": { type: "string" },
      "jwks-url": { type: "string" },
      facility: { type: "string" },
      scopes: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: false,
  }));
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!values.name || !values["jwks-file"] === !values["jwks-url"]) {
  fail("--name and one of --jwks-file or --jwks-url are required.");
}

let jwks: unknown;
if (values["jwks-file"]) {
  try {
    jwks = JSON.parse(readFileSync(values["jwks-file"], "utf8"));
  } catch (error) {
    fail(`Could not read the JWKS file: ${error instanceof Error ? error.message : String(error)}`);
  }
}

try {
  const { db } = await database();
  const name = values.name;
  const client = await db.transaction(async (tx) => {
    const created = await registerApiClient(tx as unknown as typeof db, {
      name,
      jwks,
      jwksUrl: values["jwks-url"] ?? null,
      facilitySlug: values.facility ?? null,
      scopes: values.scopes ? values.scopes.split(/\s+/).filter(Boolean) : null,
    });
    // Audited as the screen's registration is (no actor: the shell's operator).
    await tx.insert(auditEvents).values({
      actorId: null,
      action: "api_client.registered",
      subjectType: "api_client",
      subjectId: created.id,
      reason: `${name} (${created.scopes.join(" ")})`,
    });
    return created;
  });
  console.log(client.id);
  console.error(
    `Registered "${values.name}" (${client.facilityId ? `facility ${values.facility}` : "the network, read-only"}) with scopes: ${client.scopes.join(" ")}`,
  );
} catch (error) {
  if (error instanceof ApiClientInputError) {
    console.error(error.message);
    process.exitCode = 2;
  } else {
    console.error(`Could not register the client: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
} finally {
  await closeDatabase();
}
