// `npm run create-admin -- --email E --password P --name "N"`: creates an approved system
// administrator (the first one cannot come from the web form), or, when the address already has
// an account, sets its password and makes it an approved system administrator.
// Uses DATABASE_URL (PostgreSQL) or the PGlite directory under DATA_DIR; a PGlite directory
// admits one process at a time, so stop the server first when using PGlite.
import { parseArgs } from "node:util";
import { closeDatabase, database } from "../app/database.server.ts";
import { adminInputSchema, ensureSystemAdmin } from "../app/features/accounts/admin.server.ts";

const USAGE = `Usage: npm run create-admin -- --email <address> --password <at least 8 characters> --name "<full name>"

Creates an approved system administrator, or updates the password of an existing one.`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

let values: { email?: string; password?: string; name?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
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
const parsed = adminInputSchema.safeParse({ email: values.email, password: values.password, name: values.name });
if (!parsed.success) {
  const missing = (["email", "password", "name"] as const).filter((k) => !values[k]).map((k) => `--${k}`);
  fail(missing.length ? `Missing ${missing.join(", ")}.` : parsed.error.issues.map((i) => i.message).join("\n"));
}

try {
  const { db } = await database();
  const { created, passwordChanged } = await ensureSystemAdmin(db, parsed.data);
  const email = parsed.data.email;
  console.log(
    created
      ? `Created the approved system administrator ${email}.`
      : passwordChanged
        ? `Updated ${email}: an approved system administrator with the new password (its sessions were ended).`
        : `${email} is an approved system administrator; the password was already this one.`,
  );
} catch (error) {
  console.error(`Could not create the administrator: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
