import { eq } from "drizzle-orm";
import type { UserActor } from "~/auth/actor";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema";
import type { Locale } from "~/i18n/locales";
import type { SmsLanguage } from "~/i18n/message-language";
import { parseOrRefuse } from "~/lib/refusal";
import { messageLanguageSchema, SAME_AS_EMAIL } from "./message-language-schema";

/** A person's message languages (decision 048): their emails', and their texts' when it differs. */
export type MessageLanguages = { language: Locale; smsLanguage: SmsLanguage | null };

/** The signed-in person's own languages, for their notifications page. */
export async function myMessageLanguages(db: Db, actor: UserActor): Promise<MessageLanguages> {
  const [row] = await db
    .select({ language: users.language, smsLanguage: users.smsLanguage })
    .from(users)
    .where(eq(users.id, actor.id))
    .limit(1);
  return row ?? { language: "en", smsLanguage: null };
}

/**
 * Saves the signed-in person's languages (their own account only: the actor is the page's gate).
 * A value outside the choices is refused with the field's message and nothing is stored.
 */
export async function saveMessageLanguages(
  db: Db,
  actor: UserActor,
  fields: Record<string, unknown>,
): Promise<MessageLanguages> {
  const input = parseOrRefuse(messageLanguageSchema, fields);
  const chosen: MessageLanguages = {
    language: input.language,
    smsLanguage: input.sms_language === SAME_AS_EMAIL ? null : input.sms_language,
  };
  // A preference like the channels (notification-preferences.server.ts): not an audited event.
  await db
    .update(users)
    .set({ ...chosen, updatedAt: new Date() })
    .where(eq(users.id, actor.id));
  return chosen;
}
