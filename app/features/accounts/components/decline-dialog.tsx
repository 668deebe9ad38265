import type { RefObject } from "react";
import { ROLE_LABELS } from "~/auth/roles";
import { TextDialog } from "~/components/forms/text-dialog";
import { type AdminAnswer, refusedFields } from "~/features/payments/public";
import { useT } from "~/i18n/react";
import { declineSchema } from "../decline-schema";
import type { UserRow } from "../user-admin.server";

/** The Decline dialog posts with this fetcher. */
export const DECLINE_FETCHER = "account:decline";

/**
 * Decline Account: a reason is required; the person reads it when they sign in (the
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
  const t = useT();
  return (
    <TextDialog<AdminAnswer>
      {...dialog}
      fetcherKey={DECLINE_FETCHER}
      subjectId={user?.id ?? null}
      title={t("Decline Account")}
      description={user ? t("admin.declineReason", { name: user.fullName, role: t(ROLE_LABELS[user.role]) }) : ""}
      fallbackFocusId="user-search"
      mine={(a) => a.intent === "decline" && a.subject === user?.id}
      refused={refusedFields}
      form={{
        idPrefix: "decline",
        schema: declineSchema,
        field: "reason",
        label: t("Reason for declining"),
        maxLength: 1000,
        hidden: { intent: "decline", userId: user?.id ?? "" },
        submit: {
          label: t("Decline Account"),
          busyLabel: t("Declining..."),
          className: "btn bg-red-700 text-white hover:bg-red-800",
        },
      }}
    />
  );
}
