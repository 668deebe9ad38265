import { useState } from "react";
import { ConfirmationPanel } from "~/components/forms/confirmation-panel";
import { Tabs } from "~/components/ui/tabs";
import type { Hub } from "~/content/hubs";
import { databaseText } from "~/i18n/database-text";
import { useLocale, useLocalePath, useT } from "~/i18n/react";
import { isUserType, type UserType } from "../waitlist-schema";
import {
  FacilityWaitlistForm,
  PatientWaitlistForm,
  ProfessionalWaitlistForm,
  type WaitlistAnswer,
} from "./waitlist-forms";

/**
 * A hub's sign-up: the Healthcare Professional and Healthcare Facility tabs switch in place (the
 * other panel stays in the page, keeping what was typed); without JavaScript each tab is a link to
 * `?tab=...#join`, which the server renders with that tab selected. Once a sign-up is taken, a
 * confirmation panel (what happens next) replaces the forms, with JavaScript and without.
 * Loaded on its own (hub-waitlist-page.tsx): a default export.
 */
export type SignUpProps = { hub: Hub; actionData?: WaitlistAnswer; initialTab: UserType };

export default function WaitlistSignUp({ hub, actionData, initialTab }: SignUpProps) {
  const [tab, setTab] = useState<UserType>(initialTab);
  const t = useT();
  const to = useLocalePath();
  const action = to(`/hub/${hub.id}`);
  const answerFor = (userType: UserType) => (actionData?.userType === userType ? actionData : undefined);
  if (actionData?.ok && actionData.userType) {
    return <SignedUp hub={hub} answer={actionData} userType={actionData.userType} />;
  }
  return (
    <Tabs
      label={t("Sign up as")}
      value={tab}
      onValueChange={(next) => {
        if (isUserType(next)) setTab(next);
      }}
      items={[
        {
          value: "professional",
          label: t("Healthcare Professional"),
          href: `?tab=professional#join`,
          panel: (
            <ProfessionalWaitlistForm
              specialties={hub.specialties}
              action={action}
              answer={answerFor("professional")}
            />
          ),
        },
        {
          value: "facility",
          label: t("Healthcare Facility"),
          href: `?tab=facility#join`,
          panel: <FacilityWaitlistForm action={action} answer={answerFor("facility")} />,
        },
        {
          value: "patient",
          label: t("Patient or family member"),
          href: `?tab=patient#join`,
          panel: <PatientWaitlistForm action={action} answer={answerFor("patient")} />,
        },
      ]}
    />
  );
}

const AGAIN: Record<UserType, string> = {
  professional: "Sign up another professional",
  facility: "Register another facility",
  patient: "Sign up someone else",
};

/** What happens after a sign-up: the spec's message as the heading, then what comes next and when. */
function SignedUp({ hub, answer, userType }: { hub: Hub; answer: WaitlistAnswer; userType: UserType }) {
  const toast = answer.toast;
  const t = useT();
  const to = useLocalePath();
  const title = databaseText(useLocale(), hub.title, hub.titleFr).text;
  return (
    <ConfirmationPanel
      answer={answer}
      title={t(toast?.title ?? "You're on the waitlist!")}
      heading="h3"
      again={{ to: to(`/hub/${hub.id}?tab=${userType}#join`), label: t(AGAIN[userType]) }}
    >
      {toast?.description ? <p>{t(toast.description)}</p> : null}
      {userType === "facility" ? (
        <p>{t("hub.signedUp.facility", { hub: title })}</p>
      ) : userType === "professional" ? (
        <p>{t("hub.signedUp.professional", { hub: title })}</p>
      ) : (
        <p>{t("hub.signedUp.patient", { hub: title })}</p>
      )}
      <p className="text-sm text-muted">
        {t("Every email from us has a link to leave the waitlist, and every SMS a link to stop them.")}
      </p>
    </ConfirmationPanel>
  );
}
