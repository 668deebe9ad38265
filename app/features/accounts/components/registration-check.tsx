import { useFetcher, useLocation } from "react-router";
import { SubmitButton } from "~/components/forms/form-parts";
import { useToastOf } from "~/components/ui/toaster";
import { SITE } from "~/content/site";
import { formatAccraDate } from "~/features/referrals/public";
import type { ActionAnswer } from "~/lib/form-action.server";
import { REGISTRATION_LABELS, registrationKindOf, verifiedByLabel } from "../registration-number";
import type { UserRow } from "../user-admin.server";

/** Where a system administrator's check is posted (app/routes/dashboard/registration-check.ts). */
export const REGISTRATION_CHECK_ACTION = "/dashboard/system-admin/registration-check";

/**
 * The registration number on the approval screen (issue 28): the number the person gave, and
 * either "Verified by Qurhealth on {date}" with who checked it, or "Record as checked" (a form of
 * its own, posted with a fetcher; without JavaScript a plain post that comes back to this page).
 */
export function RegistrationCheck({ user }: { user: UserRow }) {
  const fetcher = useFetcher<ActionAnswer>({ key: `account:registration-check:${user.id}` });
  const { pathname, search } = useLocation();
  useToastOf(fetcher.data);
  const kind = registrationKindOf(user.role);
  if (!kind) return null;
  const label = REGISTRATION_LABELS[kind];
  if (!user.registrationNumber) return <span className="block text-sm text-muted">{`${label}: not given yet`}</span>;
  const busy = fetcher.state !== "idle";
  return (
    <span className="mt-1 block text-sm">
      <span className="block">
        {`${label}: `}
        <span className="font-mono text-ink">{user.registrationNumber}</span>
      </span>
      {user.registrationCheckedAt ? (
        <span className="block font-medium text-emerald-800">
          {verifiedByLabel(SITE.name, formatAccraDate(user.registrationCheckedAt))}
          {user.registrationCheckedBy ? ` (${user.registrationCheckedBy})` : ""}
        </span>
      ) : (
        <fetcher.Form method="post" action={REGISTRATION_CHECK_ACTION} className="mt-1">
          <input type="hidden" name="userId" value={user.id} />
          <input type="hidden" name="back" value={`${pathname}${search}`} />
          <SubmitButton busy={busy} busyLabel="Recording..." className="btn-secondary min-h-11 px-3 py-1.5">
            Record as checked<span className="sr-only">{` for ${user.fullName}'s ${label.toLowerCase()}`}</span>
          </SubmitButton>
        </fetcher.Form>
      )}
    </span>
  );
}
