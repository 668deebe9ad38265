import { PhoneNumber } from "~/components/ui/phone-number";
import { useLocale, useT } from "~/i18n/react";
import { formatAccraDate, formatAccraDateTime, formatCedis } from "~/lib/ghana-format";
import { formatShare } from "../referral-status";
import type { ReferralWorkspace } from "../workspace.server";
import { DetailRow as Row } from "./detail-row";
import { UrgencyText } from "./status-badge";

/** The referral's details: the patient, the referral itself, and the fee with its shares and payout. */
export function ReferralDetails({ referral }: { referral: ReferralWorkspace }) {
  const t = useT();
  const locale = useLocale();
  const { patient } = referral;
  return (
    <section aria-labelledby="details-heading" className="card p-5">
      <h2 id="details-heading" className="text-lg font-bold">
        {t("Details")}
      </h2>
      <h3 className="mt-4 font-semibold">{t("Patient")}</h3>
      <dl>
        <Row label={t("Name")}>{patient.fullName}</Row>
        <Row label={t("Phone")}>
          <PhoneNumber phone={patient.call} label={patient.fullName} />
        </Row>
        <Row label={t("Email")}>{patient.email || t("Not given")}</Row>
        <Row label={t("Date of birth")}>
          {patient.dateOfBirth ? formatAccraDate(patient.dateOfBirth, locale) : t("Not given")}
        </Row>
      </dl>
      <h3 className="mt-4 font-semibold">{t("Referral")}</h3>
      <dl>
        <Row label={t("Doctor")}>
          {referral.doctor.fullName}
          {referral.doctor.specialty ? ` (${referral.doctor.specialty})` : ""}
          {referral.doctor.call ? (
            <span className="block">
              <PhoneNumber phone={referral.doctor.call} label={referral.doctor.fullName} />
            </span>
          ) : null}
        </Row>
        <Row label={t("Facility")}>
          {referral.facility.name}
          <span className="block text-sm text-muted">{referral.facility.address}</span>
        </Row>
        <Row label={t("Urgency")}>
          <UrgencyText urgency={referral.urgencyLevel} />
        </Row>
        <Row label={t("Chief complaint")}>
          <span className="whitespace-pre-line">{referral.chiefComplaint}</span>
        </Row>
        <Row label={t("Clinical notes")}>
          <span className="whitespace-pre-line">{referral.clinicalNotes || t("None")}</span>
        </Row>
      </dl>
      <h3 className="mt-4 font-semibold">{t("Fee")}</h3>
      <dl>
        <Row label={t("Referral fee")}>{formatCedis(referral.fee.total, locale)}</Row>
        <Row label={t("Doctor's share")}>{formatShare(referral.status, referral.fee.doctorShare, locale)}</Row>
        <Row label={t("Platform share")}>{formatCedis(referral.fee.platformShare, locale)}</Row>
        {referral.payment ? (
          <Row label={t("Payout")}>
            {referral.payment.status === "paid"
              ? t("referral.payout.paid", {
                  hasMethod: referral.payment.method ? "yes" : "no",
                  method: referral.payment.method?.replaceAll("_", " ") ?? "",
                  hasReference: referral.payment.reference ? "yes" : "no",
                  reference: referral.payment.reference ?? "",
                  hasDate: referral.payment.paidAt ? "yes" : "no",
                  at: referral.payment.paidAt ? formatAccraDateTime(referral.payment.paidAt, locale) : "",
                })
              : t("Pending")}
          </Row>
        ) : null}
      </dl>
    </section>
  );
}
