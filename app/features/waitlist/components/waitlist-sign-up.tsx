import { useState } from "react";
import { Tabs } from "~/components/ui/tabs";
import type { Hub } from "~/content/hubs";
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
 * `?tab=...#join`, which the server renders with that tab selected. Loaded on its own
 * (hub-waitlist-page.tsx): a default export.
 */
export type SignUpProps = { hub: Hub; actionData?: WaitlistAnswer; initialTab: UserType };

export default function WaitlistSignUp({ hub, actionData, initialTab }: SignUpProps) {
  const [tab, setTab] = useState<UserType>(initialTab);
  const action = `/hub/${hub.id}`;
  const answerFor = (userType: UserType) => (actionData?.userType === userType ? actionData : undefined);
  return (
    <Tabs
      label="Sign up as"
      value={tab}
      onValueChange={(next) => {
        if (isUserType(next)) setTab(next);
      }}
      items={[
        {
          value: "professional",
          label: "Healthcare Professional",
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
          label: "Healthcare Facility",
          href: `?tab=facility#join`,
          panel: <FacilityWaitlistForm action={action} answer={answerFor("facility")} />,
        },
        {
          value: "patient",
          label: "Patient or family member",
          href: `?tab=patient#join`,
          panel: <PatientWaitlistForm action={action} answer={answerFor("patient")} />,
        },
      ]}
    />
  );
}
