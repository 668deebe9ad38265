import type { RefObject } from "react";
import { ROLE_LABELS } from "~/auth/roles";
import { TextDialog } from "~/components/forms/text-dialog";
import { type AdminAnswer, refusedFields } from "~/features/payments/public";
import { declineSchema } from "../decline-schema";
import type { UserRow } from "../user-admin.server";

/** The Decline dialog posts with this fetcher. */
export const DECLINE_FETCHER = "account:decline";

/**
 * Decline Account (issue 19): a reason is required; the person reads it when they sign in (the
 * email only says the request was declined). Without JavaScript the server renders it open for
 * `?decline=<id>`.
 */
export function DeclineDialog({
  user,
  ...dialog
}: {
  user: UserRow | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  answer: AdminAnswer | undefined;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  return (
    <TextDialog<AdminAnswer>
      {...dialog}
      fetcherKey={DECLINE_FETCHER}
      subjectId={user?.id ?? null}
      title="Decline Account"
      description={
        user
          ? `Please give the reason for declining ${user.fullName} (${ROLE_LABELS[user.role]}). They will read it when they sign in; the email only says the request was declined.`
          : ""
      }
      fallbackFocusId="user-search"
      mine={(a) => a.intent === "decline" && a.subject === user?.id}
      refused={refusedFields}
      form={{
        idPrefix: "decline",
        schema: declineSchema,
        field: "reason",
        label: "Reason for declining",
        maxLength: 1000,
        hidden: { intent: "decline", userId: user?.id ?? "" },
        submit: {
          label: "Decline Account",
          busyLabel: "Declining...",
          className: "btn bg-red-700 text-white hover:bg-red-800",
        },
      }}
    />
  );
}
