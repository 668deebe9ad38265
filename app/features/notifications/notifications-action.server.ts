import * as z from "zod/mini";
import type { $ZodType } from "zod/v4/core";
import type { UserActor } from "~/auth/actor";
import type { ToastMessage } from "~/components/ui/toaster";
import type { Db } from "~/db/client.server";
import {
  confirmCodeSchema,
  confirmPhoneCode,
  PHONE_CODE_RULES,
  removeConfirmedPhone,
  removeNumberSchema,
  requestPhoneCode,
  sendCodeSchema,
} from "~/features/phones/public.server";
import type { Translate } from "~/i18n/i18n";
import { formAction } from "~/lib/form-action.server";
import { onceOutside, postedKey } from "~/lib/idempotency.server";
import { refuse } from "~/lib/refusal";
import { saveMessageLanguages } from "./message-language.server";
import { messageLanguageSchema } from "./message-language-schema";
import { saveNotificationPreferences } from "./notification-preferences.server";

/*
 * The notifications page's forms (decision 025) on the one form path: each intent
 * names its schema and its domain call; refusals are thrown by the domain and answered by
 * formAction under the field they concern. A code is sent once per idempotency key (decision 027): a
 * double tap or a retry after a timeout sends no second SMS and is answered as the first.
 */

export const NOTIFICATIONS_INTENTS = ["send-code", "confirm", "remove", "preferences", "language"] as const;
export type NotificationsIntent = (typeof NOTIFICATIONS_INTENTS)[number];

/** `t`: the person's language, for the texts built here with values (decision 044). */
type Post = { db: Db; actor: UserActor; form: FormData; t: Translate };

/** The password posted with a change of the confirmed number (decision 036). */
const passwordOf = (form: FormData) => {
  const value = form.get("password");
  return typeof value === "string" ? value : null;
};

type IntentEntry = {
  schema: $ZodType;
  run: (post: Post) => Promise<ToastMessage>;
  /** The failure toast's title. */
  title: string;
};

const INTENTS: Record<NotificationsIntent, IntentEntry> = {
  "send-code": {
    schema: sendCodeSchema,
    title: "Code not sent",
    run: async ({ db, actor, form, t }) => {
      // Outside a transaction of its own: a wrong password (asked for to change a confirmed number,
      // decision 036) must stay counted when the refusal gives the key back.
      const outcome = await onceOutside(
        db,
        { scope: actor.id, key: postedKey(form), form: "phone-code" },
        async () => {
          const sent = await requestPhoneCode(db, actor, {
            phone: String(form.get("phone") ?? ""),
            password: passwordOf(form),
          });
          return {
            title: "Code sent",
            description: t("notifications.code-sent", { number: sent.display, minutes: PHONE_CODE_RULES.validMinutes }),
            variant: "success",
          } satisfies ToastMessage;
        },
        (toast) => ({ status: 200, toast }),
      );
      if (!outcome.answer?.toast) throw new Error("unreachable: a sent code has an answer");
      return outcome.answer.toast;
    },
  },
  confirm: {
    schema: confirmCodeSchema,
    title: "Number not confirmed",
    run: async ({ db, actor, form }) => {
      await confirmPhoneCode(db, actor, { code: String(form.get("code") ?? "") });
      return {
        title: "Number confirmed",
        description: "SMS and WhatsApp messages will go to this number.",
        variant: "success",
      };
    },
  },
  remove: {
    schema: removeNumberSchema,
    title: "Number not removed",
    run: async ({ db, actor, form }) => {
      await removeConfirmedPhone(db, actor, { password: passwordOf(form) });
      return {
        title: "Number removed",
        description: "No more SMS or WhatsApp messages will be sent to it.",
        variant: "success",
      };
    },
  },
  preferences: {
    // Its checkbox names ("referral.new:sms") are not Conform paths: the domain checks the flat
    // fields with preferencesSchema and refuses with each field's message.
    schema: z.object({ intent: z.literal("preferences") }),
    title: "Preferences not saved",
    run: async ({ db, actor, form }) => {
      const fields = Object.fromEntries(
        [...form].map(([name, value]) => [name, typeof value === "string" ? value : ""]),
      );
      await saveNotificationPreferences(db, actor, fields);
      return { title: "Preferences saved", description: "We will tell you as you chose.", variant: "success" };
    },
  },
  language: {
    schema: messageLanguageSchema,
    title: "Language not saved",
    run: async ({ db, actor, form }) => {
      await saveMessageLanguages(db, actor, Object.fromEntries(form));
      return { title: "Language saved", description: "Your next messages will be in it.", variant: "success" };
    },
  },
};

/**
 * Answers a post to the notifications page (the actor is the gate's: signed in and approved); `t`
 * is the person's language (`actorTranslator`). The texts without values are translated where shown.
 */
export async function notificationsAction(db: Db, actor: UserActor, form: FormData, t: Translate) {
  const intent = String(form.get("intent") ?? "");
  if (!(NOTIFICATIONS_INTENTS as readonly string[]).includes(intent)) refuse(400, "Unknown action");
  const entry = INTENTS[intent as NotificationsIntent];
  return formAction(form, {
    schema: entry.schema,
    run: () => entry.run({ db, actor, form, t }),
    done: (toast) => ({ toast }),
    refused: (description) => ({ title: entry.title, description, variant: "destructive" }),
    extra: { intent: intent as NotificationsIntent },
  });
}
