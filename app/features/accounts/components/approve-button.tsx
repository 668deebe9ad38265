import { Form, Link, useFetchers, useLocation } from "react-router";
import { SubmitButton } from "~/components/forms/form-parts";
import { withParam } from "~/components/ui/pagination";
import type { AdminAnswer } from "~/features/payments/public";
import { useT } from "~/i18n/react";
import type { UserRow } from "../user-admin.server";

/** The accounts whose approval is on its way (rolled back as soon as one is refused). */
export function useApprovalsInFlight(): Set<string> {
  const ids = new Set<string>();
  const fetchers = useFetchers();
  for (const fetcher of fetchers) {
    if (!fetcher.key.startsWith("account:approve:") || !fetcher.formData) continue;
    if ((fetcher.data as AdminAnswer | undefined)?.ok === false) continue;
    const userId = fetcher.formData.get("userId");
    if (typeof userId === "string") ids.add(userId);
  }
  return ids;
}

/** Approve: a form of its own (a plain post without JavaScript); with React it posts with a fetcher. */
export function ApproveButton({
  user,
  busy,
  onSubmitted,
}: {
  user: UserRow;
  busy: boolean;
  onSubmitted: (fetcherKey: string) => void;
}) {
  const fetcherKey = `account:approve:${user.id}`;
  const t = useT();
  return (
    <Form
      method="post"
      navigate={false}
      fetcherKey={fetcherKey}
      onSubmit={(event) => {
        if (busy) event.preventDefault();
        else onSubmitted(fetcherKey);
      }}
    >
      <input type="hidden" name="userId" value={user.id} />
      <input type="hidden" name="role" value={user.role} />
      <SubmitButton
        name="intent"
        value="approve"
        busy={busy}
        busyLabel={t("Approving...")}
        className="btn-primary min-h-11 min-w-11 px-3 py-1.5"
      >
        {t("Approve")}
        <span className="sr-only"> {user.fullName}</span>
      </SubmitButton>
    </Form>
  );
}

/** Decline: a link that opens the dialog (`?decline=<id>`: without JavaScript the server renders it open). */
export function DeclineLink({
  user,
  onDecline,
}: {
  user: UserRow;
  onDecline: (user: UserRow, opener: HTMLElement) => void;
}) {
  const { search } = useLocation();
  const t = useT();
  return (
    <Link
      to={withParam(search, "decline", user.id)}
      preventScrollReset
      className="btn-secondary min-h-11 min-w-11 px-3 py-1.5"
      aria-label={t("admin.declineUser", { name: user.fullName })}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onDecline(user, event.currentTarget);
      }}
    >
      {t("Decline")}
    </Link>
  );
}
