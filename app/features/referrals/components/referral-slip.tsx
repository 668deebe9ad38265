import { Link } from "react-router";
import { useLocale, useT } from "~/i18n/react";
import { formatAccraDate, formatAccraDateTime } from "~/lib/ghana-format";
import type { ReferralWorkspace } from "../workspace.server";
import { DetailRow as Row } from "./detail-row";
import { PrintButton } from "./print-button";
import { UrgencyText } from "./status-badge";

/**
 * The referral slip: one A4 page with the number, a QR code of the page's address, the patient,
 * the urgency, the complaint, the facility and the doctor. Printed alone (every other part of the
 * page is hidden in print); on screen only at `?print=1` (`alone`).
 */
export function ReferralSlip({
  referral,
  qrSvg,
  address,
  alone = false,
}: {
  referral: ReferralWorkspace;
  /** The QR code of `address`, drawn as SVG on the server. */
  qrSvg: string;
  address: string;
  alone?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <section
      data-print-slip=""
      aria-label={t("Referral slip")}
      className={`${alone ? "card p-6" : "hidden"} break-inside-avoid print:block print:border-0 print:p-0 print:shadow-none`}
    >
      <div className="flex items-start justify-between gap-6">
        <div>
          <p className="text-sm font-semibold text-brand-700">{t("Referral slip")}</p>
          <p className="mt-1 text-3xl font-bold">{referral.referralNumber}</p>
          <p className="mt-1">
            {t("Urgency:")} <UrgencyText urgency={referral.urgencyLevel} /> ·{" "}
            {t("referral.created", { at: formatAccraDateTime(referral.createdAt, locale) })}
          </p>
        </div>
        <figure className="w-36 shrink-0 text-center">
          <div
            role="img"
            aria-label={t("referral.slip.qr", { address })}
            className="[&>svg]:h-auto [&>svg]:w-full"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own SVG, drawn by the QR library from our address
            dangerouslySetInnerHTML={{ __html: qrSvg }}
          />
          <figcaption className="mt-1 text-xs break-all text-muted">{address}</figcaption>
        </figure>
      </div>
      <dl className="mt-6">
        <Row label={t("Patient")}>
          {referral.patient.fullName}
          {referral.patient.dateOfBirth
            ? t("referral.slip.born", { date: formatAccraDate(referral.patient.dateOfBirth, locale) })
            : ""}
          <span className="block whitespace-nowrap">{referral.patient.call.display}</span>
        </Row>
        <Row label={t("Chief complaint")}>
          <span className="whitespace-pre-line">{referral.chiefComplaint}</span>
        </Row>
        <Row label={t("Facility")}>
          {referral.facility.name}
          <span className="block">{referral.facility.address}</span>
        </Row>
        <Row label={t("Referring doctor")}>
          {referral.doctor.fullName}
          {referral.doctor.specialty ? ` (${referral.doctor.specialty})` : ""}
        </Row>
      </dl>
    </section>
  );
}

/** The slip alone, for printing (`?print=1`): a way back and the print button above it. */
export function ReferralSlipPage(props: { referral: ReferralWorkspace; qrSvg: string; address: string }) {
  const t = useT();
  return (
    <main id="main" className="container-page py-8">
      <div className="mb-6 flex flex-wrap gap-3 print:hidden">
        <Link to="?" className="btn-secondary">
          {t("Back to the referral")}
        </Link>
        <PrintButton />
      </div>
      <ReferralSlip {...props} alone />
    </main>
  );
}
