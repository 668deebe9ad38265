import { useFetcher, useLocation } from "react-router";
import { SubmitButton } from "~/components/forms/form-parts";
import { useToastOf } from "~/components/ui/toaster";
import { SITE } from "~/content/site";
import { useLocale, useT } from "~/i18n/react";
import type { ActionAnswer } from "~/lib/form-action.server";
import { formatAccraDate } from "~/lib/ghana-format";
import { REGISTRATION_LABELS, registrationKindOf } from "../registration-number";
import type { UserRow } from "../user-admin.server";

/** Where a system administrator's check is posted (app/routes/dashboard/registration-check.ts). */
export const REGISTRATION_CHECK_ACTION = "/dashboard/system-admin/registration-check";

/**
 * The registration number on the approval screen: the number the person gave, and
 * either "Verified by Qurhealth on {date}" with who checked it, or "Record as checked" (a form of
 * its own, posted with a fetcher; without JavaScript a plain post that comes back to this page).
 */
export function RegistrationCheck({ user }: { user: UserRow }) {
  const fetcher = useFetcher<ActionAnswer>({ key: `account:registration-check:${user.id}` });
  const { pathname, search } = useLocation();
  useToastOf(fetcher.data);
  const t = useT();
  const locale = useLocale();
  const kind = registrationKindOf(user.role);
  if (!kind) return null;
  const label = t(REGISTRATION_LABELS[kind]);
  if (!user.registrationNumber)
    return <span className="block text-sm text-muted">{t("admin.registration.notGiven", { label })}</span>;
  const busy = fetcher.state !== "idle";
  return (
    <span className="mt-1 block text-sm">
      <span className="block">
        {`${t("admin.registration.label", { label })} `}
        <span className="font-mono text-ink">{user.registrationNumber}</span>
      </span>
      {user.registrationCheckedAt ? (
        <span className="block font-medium text-emerald-800">
          {t("account.verifiedBy", { site: SITE.name, date: formatAccraDate(user.registrationCheckedAt, locale) })}
          {user.registrationCheckedBy ? ` (${user.registrationCheckedBy})` : ""}
        </span>
      ) : (
        <fetcher.Form method="post" action={REGISTRATION_CHECK_ACTION} className="mt-1">
          <input type="hidden" name="userId" value={user.id} />
          <input type="hidden" name="back" value={`${pathname}${search}`} />
          <SubmitButton busy={busy} busyLabel={t("Recording...")} className="btn-secondary min-h-11 px-3 py-1.5">
            {t("Record as checked")}
            <span className="sr-only">{` ${t(`admin.registration.checkFor.${kind}`, { name: user.fullName })}`}</span>
          </SubmitButton>
        </fetcher.Form>
      )}
    </span>
  );
}
