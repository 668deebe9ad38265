import { useLocation } from "react-router";
import { Dialog, DialogActions } from "~/components/ui/dialog";
import { InputField, SelectField } from "~/components/ui/field";
import { withParam } from "~/components/ui/pagination";
import { Cell, Table } from "~/components/ui/table";
import { Badge } from "~/features/referrals/components/status-badge";
import { PAYMENT_METHODS, type RecordPaymentField } from "~/features/referrals/referral-schema";
import { formatAccraDate, formatCedis } from "~/features/referrals/referral-status";
import type { PaymentRow } from "../payments.server";

/** Payment Management (spec section 2): newest first; Mark as Paid only while pending. */
export function PaymentTable({ rows }: { rows: PaymentRow[] }) {
  const { search } = useLocation();
  return (
    <Table
      caption="Payments to doctors, newest first"
      headers={["Referral", "Doctor", "Amount", "Created", "Status", "Method", "Reference", "Actions"]}
      empty="No payments yet: a payment is due when a facility completes a referral."
      rowCount={rows.length}
    >
      {rows.map((p) => (
        <tr key={p.id}>
          <Cell className="font-mono text-xs font-semibold whitespace-nowrap">{p.referralNumber}</Cell>
          <Cell>{p.doctorName}</Cell>
          <Cell className="tabular-nums">{formatCedis(p.amountDue)}</Cell>
          <Cell className="whitespace-nowrap">{formatAccraDate(p.createdAt)}</Cell>
          <Cell>{p.status === "paid" ? <Badge tone="paid">Paid</Badge> : <Badge tone="pending">Pending</Badge>}</Cell>
          <Cell>{p.paymentMethod ?? ""}</Cell>
          <Cell className="break-all">{p.paymentReference ?? ""}</Cell>
          <Cell>
            {p.status === "pending" ? (
              <a
                href={withParam(search, "pay", p.id)}
                className="btn-primary min-h-9 px-3 py-1.5 whitespace-nowrap"
                aria-label={`Mark ${p.referralNumber} as paid`}
              >
                Mark as Paid
              </a>
            ) : null}
          </Cell>
        </tr>
      ))}
    </Table>
  );
}

/**
 * The Mark as Paid dialog: both a method and a reference are required (spec section 5). Confirm
 * stays disabled until both are given (the page script; the server checks again).
 */
export function RecordPaymentDialog({
  payment,
  errors,
}: {
  payment: PaymentRow;
  errors?: Partial<Record<RecordPaymentField, string>>;
}) {
  return (
    <Dialog
      param="pay"
      title="Mark as Paid"
      description={`Record the payment of ${formatCedis(payment.amountDue)} to ${payment.doctorName} for ${payment.referralNumber}.`}
    >
      <form method="post" className="space-y-4" id="record-payment-form" data-complete-to-submit="">
        <input type="hidden" name="intent" value="record-payment" />
        <input type="hidden" name="paymentId" value={payment.id} />
        <SelectField
          form="payment"
          name="payment_method"
          label="Payment method"
          required
          placeholder="Select a method"
          options={PAYMENT_METHODS.map((m) => ({ value: m, label: m }))}
          error={errors?.payment_method}
        />
        <InputField
          form="payment"
          name="payment_reference"
          label="Payment reference"
          required
          maxLength={100}
          autoComplete="off"
          hint="For example the Mobile Money transaction ID or the bank transfer reference"
          error={errors?.payment_reference}
        />
        <DialogActions>
          <button type="submit" className="btn-primary" data-busy-label="Recording...">
            Confirm Payment
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
