import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { authFor } from "../../auth/auth.server.ts";
import { SITE } from "../../content/site.ts";
import type { Db } from "../../db/client.server.ts";
import { accounts, sessions, userRoles, users } from "../../db/schema.ts";
import { env } from "../../env.server.ts";
import { logger } from "../../lib/logger.server.ts";
import { effectiveRole, tellAdministrators } from "./admin-alerts.server.ts";

/*
 * The first system administrator is created from the command line (decisions section 2):
 * `npm run create-admin -- --email E --password P --name "N"`. Loaded by plain Node, so this
 * file and everything it imports use relative imports with .ts extensions.
 */

export const adminInputSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "--email must be an email address" }).max(255, "--email must be at most 255 characters")),
  password: z
    .string({ error: "--password is required" })
    .min(8, "--password must be at least 8 characters")
    .max(128, "--password must be at most 128 characters"),
  name: z
    .string({ error: "--name is required" })
    .trim()
    .min(2, "--name must be at least 2 characters")
    .max(100, "--name must be less than 100 characters"),
});
export type AdminInput = z.input<typeof adminInputSchema>;

/**
 * Creates an approved system administrator with a confirmed address, or, when the address
 * already has an account, makes it an approved system administrator and sets the password.
 * A changed password ends the account's sessions (every password change does); running it again
 * with the same password changes nothing else (a restart with BOOTSTRAP_ADMIN_* signs no one out).
 * The other approved system administrators are told, as when one is added on the web (decision 033): an
 * administrator created or given the rights here, or one whose password was set here (that one is
 * told too). The mail and SMS are queued in the same transaction, through the job queue.
 */
export async function ensureSystemAdmin(
  db: Db,
  input: AdminInput,
): Promise<{ created: boolean; passwordChanged: boolean; userId: string }> {
  const { email, password, name } = adminInputSchema.parse(input);
  const ctx = await authFor(db).$context;
  const now = new Date();
  const approval = {
    role: "system_admin" as const,
    emailVerified: true,
    isVerified: true,
    approvalStatus: "approved" as const,
  };
  const [existing] = await db
    .select({
      id: users.id,
      fullName: users.fullName,
      hash: accounts.password,
      wasAdmin: sql<boolean>`${users.approvalStatus} = 'approved' and ${effectiveRole} = 'system_admin'`,
    })
    .from(users)
    .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, "credential")))
    .where(eq(users.email, email))
    .limit(1);
  const unchanged = !!existing?.hash && (await ctx.password.verify({ hash: existing.hash, password }));
  const hash = unchanged ? null : await ctx.password.hash(password);
  return db.transaction(async (tx) => {
    if (existing) {
      await tx
        .update(users)
        .set({
          ...approval,
          approvedAt: sql`coalesce(${users.approvedAt}, ${now.toISOString()}::timestamptz)`,
          updatedAt: now,
        })
        .where(eq(users.id, existing.id));
      await tx.delete(userRoles).where(eq(userRoles.userId, existing.id));
      if (hash) {
        const updated = await tx
          .update(accounts)
          .set({ password: hash, updatedAt: now })
          .where(and(eq(accounts.userId, existing.id), eq(accounts.providerId, "credential")))
          .returning({ id: accounts.id });
        if (updated.length === 0) {
          await tx
            .insert(accounts)
            .values({ userId: existing.id, accountId: existing.id, providerId: "credential", password: hash });
        }
        await tx.delete(sessions).where(eq(sessions.userId, existing.id));
      }
      const person = { name: existing.fullName, email };
      if (!existing.wasAdmin) {
        await tellCommandLine(
          tx,
          { ...person, what: "was made a system administrator", subject: "An account was made a system administrator" },
          now,
          existing.id,
        );
      } else if (hash) {
        // The person is told too: a password they did not set is someone else's way in.
        await tellCommandLine(
          tx,
          { ...person, what: "had their password set", subject: "A system administrator's password was set" },
          now,
        );
      }
      return { created: false, passwordChanged: !!hash, userId: existing.id };
    }
    const [user] = await tx
      .insert(users)
      .values({ fullName: name, email, ...approval, approvedAt: now })
      .returning({ id: users.id });
    await tx
      .insert(accounts)
      .values({ userId: user.id, accountId: user.id, providerId: "credential", password: hash ?? "" });
    await tellCommandLine(
      tx,
      { name, email, what: "was added as a system administrator", subject: "A system administrator was added" },
      now,
      user.id,
    );
    return { created: true, passwordChanged: true, userId: user.id };
  });
}

/** The notice of a change made from the command line, to every approved system administrator but `except`. */
function tellCommandLine(
  tx: Parameters<Parameters<Db["transaction"]>[0]>[0],
  change: { name: string; email: string; what: string; subject: string },
  now: Date,
  except?: string,
): Promise<void> {
  return tellAdministrators(
    tx,
    {
      event: "account.admin-alert",
      subject: `${change.subject} from the command line`,
      lines: [
        `${change.name} (${change.email}) ${change.what} with create-admin, on the server's command line.`,
        "If you do not know about it, review the administrators now.",
      ],
      sms: `${SITE.name}: ${change.subject[0]!.toLowerCase()}${change.subject.slice(1)} from the command line.`,
      now,
    },
    except ? [except] : [],
  );
}

const bootstrapped = new WeakMap<Db, Promise<void>>();

/**
 * BOOTSTRAP_ADMIN_EMAIL / BOOTSTRAP_ADMIN_PASSWORD (and optional BOOTSTRAP_ADMIN_NAME): the same
 * as running create-admin, once per process, before the first sign-in is checked. Used by the
 * end-to-end server, and handy for a first deployment.
 */
export function ensureBootstrapAdmin(db: Db): Promise<void> {
  const config = env();
  if (!config.BOOTSTRAP_ADMIN_EMAIL || !config.BOOTSTRAP_ADMIN_PASSWORD) return Promise.resolve();
  let pending = bootstrapped.get(db);
  if (!pending) {
    pending = ensureSystemAdmin(db, {
      email: config.BOOTSTRAP_ADMIN_EMAIL,
      password: config.BOOTSTRAP_ADMIN_PASSWORD,
      name: config.BOOTSTRAP_ADMIN_NAME ?? "System Administrator",
    }).then(
      ({ created }) => logger.info({ created }, "bootstrap system administrator ensured"),
      (error: unknown) => {
        bootstrapped.delete(db);
        logger.error({ err: error }, "could not ensure the bootstrap system administrator");
      },
    );
    bootstrapped.set(db, pending);
  }
  return pending;
}
