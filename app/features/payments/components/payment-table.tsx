import { useLocation } from "react-router";
import { Dialog } from "~/components/ui/dialog";
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
        <div>
          <label htmlFor="payment-method" className="field-label">
            Payment method{" "}
            <span aria-hidden="true" className="text-red-700">
              *
            </span>
          </label>
          <select
            id="payment-method"
            name="payment_method"
            required
            aria-invalid={errors?.payment_method ? true : undefined}
            aria-describedby={errors?.payment_method ? "payment-method-error" : undefined}
            className="field-input"
          >
            <option value="">Select a method</option>
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
          {errors?.payment_method ? (
            <p id="payment-method-error" className="field-error">
              {errors.payment_method}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor="payment-reference" className="field-label">
            Payment reference{" "}
            <span aria-hidden="true" className="text-red-700">
              *
            </span>
          </label>
          <input
            id="payment-reference"
            name="payment_reference"
            type="text"
            required
            maxLength={100}
            autoComplete="off"
            aria-invalid={errors?.payment_reference ? true : undefined}
            aria-describedby={`payment-reference-hint${errors?.payment_reference ? " payment-reference-error" : ""}`}
            className="field-input"
          />
          <p id="payment-reference-hint" className="mt-1 text-sm text-muted">
            For example the Mobile Money transaction ID or the bank transfer reference
          </p>
          {errors?.payment_reference ? (
            <p id="payment-reference-error" className="field-error">
              {errors.payment_reference}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap justify-end gap-3 pt-1">
          <button type="submit" formMethod="dialog" formNoValidate className="btn-secondary">
            Cancel
          </button>
          <button type="submit" className="btn-primary" data-busy-label="Recording...">
            Confirm Payment
          </button>
        </div>
      </form>
    </Dialog>
  );
}
