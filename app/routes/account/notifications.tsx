import { actorTranslator, allowedActor } from "~/auth/context.server";
import { FormNotice } from "~/components/forms/form-parts";
import { SITE } from "~/content/site";
import { dbOf } from "~/db/context.server";
import {
  ConfirmCode,
  MessageLanguageForm,
  PreferencesForm,
  RemoveNumber,
  SendCode,
} from "~/features/notifications/components/notification-forms";
import { myMessageLanguages } from "~/features/notifications/message-language.server";
import { myNotificationPreferences } from "~/features/notifications/notification-preferences.server";
import { notificationsAction } from "~/features/notifications/notifications-action.server";
import { phoneStatus } from "~/features/phones/phone-confirmation.server";
import { translator } from "~/i18n/i18n";
import { pageLocale } from "~/i18n/page-locale";
import { useT } from "~/i18n/react";
import { readForm } from "~/lib/form-action.server";
import type { Route } from "./+types/notifications";

/**
 * The account's notifications (decision 025): the mobile number SMS and WhatsApp messages go to,
 * confirmed with a 6-digit code, what each person is told on which channel, and in which language
 * (decision 048). Every approved account, any role (the signed-in gate, app/routes.ts).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const actor = await allowedActor(context);
  const db = dbOf(context);
  return {
    phone: await phoneStatus(db, actor),
    preferences: await myNotificationPreferences(db, actor),
    languages: await myMessageLanguages(db, actor),
    role: actor.role,
  };
}

export const meta: Route.MetaFunction = ({ location, matches }) => [
  { title: `${translator(pageLocale(location.pathname, matches))("Notifications")} | ${SITE.name}` },
  { name: "robots", content: "noindex" },
];

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await allowedActor(context);
  return notificationsAction(dbOf(context), actor, await readForm(request), await actorTranslator(context));
}

export default function NotificationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData;
  const status = page.phone;
  const t = useT();
  return (
    <main id="main" className="container-page max-w-2xl py-10">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("Notifications")}</h1>
      <FormNotice answer={actionData} />
      <section aria-labelledby="phone-title" className="card mt-6 p-6">
        <h2 id="phone-title" className="text-lg font-semibold">
          {t("Mobile number for SMS and WhatsApp")}
        </h2>
        <p className="mt-2 text-muted">
          {t(
            "Referral updates by SMS or WhatsApp carry the referral number and a link, never patient details. We send them only to a number you have confirmed.",
          )}
        </p>
        {status.confirmed ? (
          <div className="mt-4">
            <p>
              {t("Confirmed:")} <strong>{status.confirmed.display}</strong>
            </p>
            <RemoveNumber answer={actionData?.intent === "remove" ? actionData : undefined} />
          </div>
        ) : null}
        <SendCode
          answer={actionData?.intent === "send-code" ? actionData : undefined}
          hasNumber={!!status.confirmed}
          suggested={status.registered}
        />
        {status.pending ? (
          <ConfirmCode
            answer={actionData?.intent === "confirm" ? actionData : undefined}
            sentTo={status.pending.display}
          />
        ) : null}
      </section>
      <PreferencesForm
        preferences={page.preferences}
        role={page.role}
        hasPhone={!!status.confirmed}
        answer={actionData?.intent === "preferences" ? actionData : undefined}
      />
      <MessageLanguageForm
        languages={page.languages}
        answer={actionData?.intent === "language" ? actionData : undefined}
      />
    </main>
  );
}
