import { Link } from "react-router";
import { dashboardPath } from "~/auth/roles";
import { useLocale, useT } from "~/i18n/react";
import { formatAccraDateTime } from "~/lib/ghana-format";
import type { ReferralWorkspace } from "../workspace.server";
import { StatusBadge, UrgencyText } from "./status-badge";

/**
 * Who has been sent a message about the referral (say what is true): someone at the
 * facility (`facilityTold`), and the system administrators alerted to phone a facility no one
 * there could be told of (`adminsAlerted`). Read from the referral's deliveries.
 */
export type SentState = { facilityTold: boolean; adminsAlerted: boolean };

/** The page's head: the way back (dashboard, History), the referral's number and status, its urgency and age. */
export function ReferralStatusBanner({ referral, sent }: { referral: ReferralWorkspace; sent: SentState }) {
  const t = useT();
  const locale = useLocale();
  return (
    <>
      <p className="text-sm font-semibold text-brand-700">
        <Link to={dashboardPath(referral.viewer.role)} className="underline underline-offset-2">
          {t("Dashboard")}
        </Link>{" "}
        /{" "}
        <Link to="/referrals/history" className="underline underline-offset-2">
          {t("History")}
        </Link>
      </p>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("referral.title", { number: referral.referralNumber })}</h1>
        <StatusBadge status={referral.status} />
      </div>
      <p className="mt-2 text-muted">
        <UrgencyText urgency={referral.urgencyLevel} /> ·{" "}
        {t("referral.created", { at: formatAccraDateTime(referral.createdAt, locale) })}
      </p>
      {referral.viewer.role === "doctor" && referral.status === "pending" ? (
        <SentNotice referral={referral} sent={sent} />
      ) : null}
    </>
  );
}

/**
 * Where "Create Referral" lands: the referring doctor sees where it went while the
 * facility has not answered, with the way to attach files at once.
 */
function SentNotice({ referral, sent }: { referral: ReferralWorkspace; sent: SentState }) {
  const t = useT();
  if (!sent.facilityTold) return <NotToldNotice referral={referral} sent={sent} />;
  return (
    <section aria-labelledby="sent-heading" className="mt-4 rounded-lg border border-brand-200 bg-brand-50 p-4">
      <h2 id="sent-heading" className="text-lg font-bold">
        {t("referral.sent.heading", { facility: referral.facility.name })}
      </h2>
      <p className="mt-1 text-sm">
        {t("The facility has been told. Results, scans or letters help it decide:")}{" "}
        {referral.actions.mayAttach ? (
          <a href="#attach-heading" className="font-semibold text-brand-700 underline underline-offset-2">
            {t("attach files now")}
          </a>
        ) : (
          t("attach files now")
        )}
        .
      </p>
    </section>
  );
}

/**
 * The referral is recorded, but no one at the facility has been sent a message (it has no
 * approved administrator and no on-call number yet). Said as it is, with what happens next.
 */
function NotToldNotice({ referral, sent }: { referral: ReferralWorkspace; sent: SentState }) {
  const t = useT();
  return (
    <section aria-labelledby="sent-heading" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id="sent-heading" className="text-lg font-bold">
        {t("referral.notTold.heading", { facility: referral.facility.name })}
      </h2>
      <p className="mt-1 text-sm">
        {t(
          "The referral is saved, but no one at the facility has been told: it cannot receive referrals yet (it has no administrator or on-call number here).",
        )}{" "}
        {sent.adminsAlerted
          ? t("Our administrators have been alerted to phone the facility.")
          : t("Please phone the facility to tell them.")}
      </p>
      <p className="mt-1 text-sm">
        {t("If the patient cannot wait, cancel it and refer the patient to another facility.")}
      </p>
    </section>
  );
}
