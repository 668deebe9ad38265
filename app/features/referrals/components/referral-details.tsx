import { PhoneNumber } from "~/components/ui/phone-number";
import { formatAccraDate, formatAccraDateTime, formatCedis, formatShare } from "../referral-status";
import type { ReferralWorkspace } from "../workspace.server";
import { DetailRow as Row } from "./detail-row";
import { UrgencyText } from "./status-badge";

/** The referral's details: the patient, the referral itself, and the fee with its shares and payout. */
export function ReferralDetails({ referral }: { referral: ReferralWorkspace }) {
  const { patient } = referral;
  return (
    <section aria-labelledby="details-heading" className="card p-5">
      <h2 id="details-heading" className="text-lg font-bold">
        Details
      </h2>
      <h3 className="mt-4 font-semibold">Patient</h3>
      <dl>
        <Row label="Name">{patient.fullName}</Row>
        <Row label="Phone">
          <PhoneNumber phone={patient.call} label={patient.fullName} />
        </Row>
        <Row label="Email">{patient.email || "Not given"}</Row>
        <Row label="Date of birth">{patient.dateOfBirth ? formatAccraDate(patient.dateOfBirth) : "Not given"}</Row>
      </dl>
      <h3 className="mt-4 font-semibold">Referral</h3>
      <dl>
        <Row label="Doctor">
          {referral.doctor.fullName}
          {referral.doctor.specialty ? ` (${referral.doctor.specialty})` : ""}
          {referral.doctor.call ? (
            <span className="block">
              <PhoneNumber phone={referral.doctor.call} label={referral.doctor.fullName} />
            </span>
          ) : null}
        </Row>
        <Row label="Facility">
          {referral.facility.name}
          <span className="block text-sm text-muted">{referral.facility.address}</span>
        </Row>
        <Row label="Urgency">
          <UrgencyText urgency={referral.urgencyLevel} />
        </Row>
        <Row label="Chief complaint">
          <span className="whitespace-pre-line">{referral.chiefComplaint}</span>
        </Row>
        <Row label="Clinical notes">
          <span className="whitespace-pre-line">{referral.clinicalNotes || "None"}</span>
        </Row>
      </dl>
      <h3 className="mt-4 font-semibold">Fee</h3>
      <dl>
        <Row label="Referral fee">{formatCedis(referral.fee.total)}</Row>
        <Row label="Doctor's share">{formatShare(referral.status, referral.fee.doctorShare)}</Row>
        <Row label="Platform share">{formatCedis(referral.fee.platformShare)}</Row>
        {referral.payment ? (
          <Row label="Payout">
            {referral.payment.status === "paid"
              ? `Paid${referral.payment.method ? ` by ${referral.payment.method.replaceAll("_", " ")}` : ""}${
                  referral.payment.reference ? ` (${referral.payment.reference})` : ""
                }${referral.payment.paidAt ? ` on ${formatAccraDateTime(referral.payment.paidAt)}` : ""}`
              : "Pending"}
          </Row>
        ) : null}
      </dl>
    </section>
  );
}
