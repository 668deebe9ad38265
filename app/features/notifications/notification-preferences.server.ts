import { eq } from "drizzle-orm";
import type { Actor, UserActor } from "~/auth/actor";
import type { Db } from "~/db/client.server";
import { notificationPreferences } from "~/db/schema";
import { parseOrRefuse, refuse } from "~/lib/refusal";
import {
  type NotificationPreferences,
  preferencesFrom,
  preferencesFromForm,
  preferencesSchema,
} from "./notification-preferences.ts";

function requireApproved(actor: Actor): UserActor {
  if (actor.kind !== "user") refuse(401, "Authentication Required");
  if (!actor.approved) refuse(403, "Account Pending Approval");
  return actor;
}

/** A person's choices (the defaults until they save some): what the senders read. */
export async function preferencesOf(db: Db, userId: string): Promise<NotificationPreferences> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .limit(1);
  return preferencesFrom(row ?? null);
}

/** The signed-in person's own choices, for their notifications page. */
export async function myNotificationPreferences(db: Db, actor: Actor): Promise<NotificationPreferences> {
  return preferencesOf(db, requireApproved(actor).id);
}

/** Saves the preferences form as posted (validated by its schema first: a refused post stores nothing). */
export async function saveNotificationPreferences(
  db: Db,
  actor: Actor,
  fields: Record<string, string | undefined>,
): Promise<NotificationPreferences> {
  const user = requireApproved(actor);
  // Refused values: a 400 with each field's message (nothing saved).
  parseOrRefuse(preferencesSchema, fields);
  const preferences = preferencesFromForm(user.role, fields);
  const values = {
    channels: preferences.channels,
    quietStart: preferences.quiet?.start ?? null,
    quietEnd: preferences.quiet?.end ?? null,
  };
  await db
    .insert(notificationPreferences)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...values, updatedAt: new Date() } });
  return preferences;
}
