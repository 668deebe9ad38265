import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { MouseEvent, RefObject } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { SubmitButton } from "~/components/forms/form-parts";
import { useSchemaForm } from "~/components/forms/schema-form";
import { Badge } from "~/components/ui/badge";
import { Dialog, DialogActions } from "~/components/ui/dialog";
import { useDialogAnswers } from "~/components/ui/dialog-state";
import { InputField, SelectField } from "~/components/ui/field";
import { withParam } from "~/components/ui/pagination";
import { Cell, Row, Table } from "~/components/ui/table";
import type { ToastMessage } from "~/components/ui/toaster";
import { useLocale, useT } from "~/i18n/react";
import { formatAccraDate, formatCedis } from "~/lib/ghana-format";
import { PAYMENT_METHODS, recordPaymentSchema } from "../payment-schema";
import type { PaymentRow } from "../payments.server";

/** What the system administrator's action answers to Approve and Mark as Paid. */
export type AdminAnswer = {
  ok: boolean;
  intent: "approve" | "decline" | "record-payment" | null;
  /** The account or payment acted on. */
  subject: string;
  toast: ToastMessage;
  /** The Mark as Paid and Decline forms: their errors (under a refused field, the dialog stays open), or reset once done. */
  result?: SubmissionResult<string[]>;
};

/**
 * True when an action refused some field's value (a message under a field, not only on the form
 * as a whole): a dialog stays open with it; any other answer closes the dialog with its toast.
 */
export function refusedFields(answer: { ok?: boolean; result?: SubmissionResult<string[]> | null }): boolean {
  if (answer.ok !== false || answer.result?.status !== "error") return false;
  return Object.entries(answer.result.error ?? {}).some(([name, messages]) => name !== "" && !!messages?.length);
}

const PAYMENT_HEADERS = [
  "Referral",
  "Doctor",
  "Amount",
  "Created",
  "Status",
  "Method",
  "Reference",
  "Actions",
] as const;

/** Each method's name in the catalogue ("Cash" alone is the ledger's cash account, another word in French). */
const METHOD_KEYS: Record<(typeof PAYMENT_METHODS)[number], string> = {
  "Mobile Money": "Mobile Money",
  "Bank Transfer": "Bank Transfer",
  Cash: "payment.method.cash",
  Cheque: "Cheque",
};

/** The Mark as Paid dialog posts with this fetcher; the table reads it to show the row as paid at once. */
export const PAY_FETCHER = "payment:record";

/** A plain left click (not one that opens a new tab or window). */
const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * Payment Management (spec section 2): newest first; Mark as Paid only while pending. The link
 * opens the dialog (`?pay=<id>`: without JavaScript the server renders it open); with React
 * `onPay` opens it in place. A payment being recorded shows as paid at once.
 */
export function PaymentTable({
  rows,
  onPay,
}: {
  rows: PaymentRow[];
  onPay?: (payment: PaymentRow, opener: HTMLElement) => void;
}) {
  const { search } = useLocation();
  const t = useT();
  const locale = useLocale();
  const recording = useFetcher<AdminAnswer>({ key: PAY_FETCHER });
  const optimistic =
    recording.formData && recording.data?.ok !== false
      ? {
          id: String(recording.formData.get("paymentId") ?? ""),
          method: String(recording.formData.get("payment_method") ?? ""),
          reference: String(recording.formData.get("payment_reference") ?? ""),
        }
      : null;
  return (
    <Table
      caption={t("Payments to doctors, newest first")}
      headers={PAYMENT_HEADERS.map((h) => t(h))}
      empty={t("No payments yet: a payment is due when a facility completes a referral.")}
      rowCount={rows.length}
      stacked
    >
      {rows.map((row) => {
        const p =
          optimistic?.id === row.id
            ? {
                ...row,
                status: "paid" as const,
                paymentMethod: optimistic.method,
                paymentReference: optimistic.reference,
              }
            : row;
        return (
          <Row key={p.id} stacked busy={p !== row}>
            <Cell label={t("Referral")} className="font-mono text-xs font-semibold whitespace-nowrap">
              {p.referralNumber}
            </Cell>
            <Cell label={t("Doctor")}>{p.doctorName}</Cell>
            <Cell label={t("Amount")} className="tabular-nums">
              {formatCedis(p.amountDue, locale)}
            </Cell>
            <Cell label={t("Created")} className="whitespace-nowrap">
              {formatAccraDate(p.createdAt, locale)}
            </Cell>
            <Cell label={t("Status")}>
              {p.status === "paid" ? (
                <Badge tone="paid">{t("payment.status.paid")}</Badge>
              ) : (
                <Badge tone="pending">{t("payment.status.pending")}</Badge>
              )}
            </Cell>
            <Cell label={t("Method")}>{p.paymentMethod ?? ""}</Cell>
            <Cell label={t("Reference")} className="break-all">
              {p.paymentReference ?? ""}
            </Cell>
            <Cell label={t("Actions")}>
              {p.status === "pending" ? (
                <Link
                  to={withParam(search, "pay", p.id)}
                  preventScrollReset
                  className="btn-primary min-h-11 min-w-11 px-3 py-1.5 whitespace-nowrap"
                  aria-label={t("payment.mark-paid-of", { number: p.referralNumber })}
                  onClick={(event) => {
                    if (!onPay || !plainClick(event)) return;
                    event.preventDefault();
                    onPay(p, event.currentTarget);
                  }}
                >
                  {t("Mark as Paid")}
                </Link>
              ) : null}
            </Cell>
          </Row>
        );
      })}
    </Table>
  );
}

/**
 * The Mark as Paid dialog: both a method and a reference are required (spec section 5): the
 * schema checks them here and the domain function again. With React it posts with a fetcher and
 * closes once the payment is recorded (the answer is a toast); without JavaScript the server
 * renders it open for `?pay=<id>` and it is a plain post.
 */
export function RecordPaymentDialog({
  payment,
  open,
  onOpenChange,
  answer,
  returnFocusTo,
}: {
  payment: PaymentRow | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The action's answer to a plain post (without JavaScript). */
  answer: AdminAnswer | undefined;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const fetcher = useFetcher<AdminAnswer>({ key: PAY_FETCHER });
  const busy = fetcher.state !== "idle";
  const t = useT();
  const locale = useLocale();

  // Refused values stay in the dialog; anything else closes it with a toast.
  useDialogAnswers(fetcher, refusedFields, onOpenChange);

  if (!payment) return null;
  const mine = (a: AdminAnswer | undefined) => (a?.intent === "record-payment" && a.subject === payment.id ? a : null);
  const lastResult = (mine(fetcher.data) ?? mine(answer))?.result;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("Mark as Paid")}
      description={t("payment.record-description", {
        amount: formatCedis(payment.amountDue, locale),
        doctor: payment.doctorName,
        number: payment.referralNumber,
      })}
      returnFocusTo={returnFocusTo}
      fallbackFocusId="payments-panel"
    >
      <RecordPaymentForm
        key={payment.id}
        paymentId={payment.id}
        lastResult={lastResult}
        busy={busy}
        fetcher={fetcher}
      />
    </Dialog>
  );
}

function RecordPaymentForm({
  paymentId,
  lastResult,
  busy,
  fetcher,
}: {
  paymentId: string;
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
  fetcher: ReturnType<typeof useFetcher<AdminAnswer>>;
}) {
  const [form, fields] = useSchemaForm(recordPaymentSchema, { id: `payment-${paymentId}`, lastResult });
  const formProps = getFormProps(form);
  const t = useT();
  return (
    <fetcher.Form
      method="post"
      className="space-y-4"
      {...formProps}
      onSubmit={(event) => {
        // Pressed again while the first is on its way: one payment is enough.
        if (busy) event.preventDefault();
        else formProps.onSubmit(event);
      }}
    >
      <input type="hidden" name="intent" value="record-payment" />
      <input type="hidden" name="paymentId" value={paymentId} />
      <SelectField
        field={fields.payment_method}
        label={t("Payment method")}
        required
        placeholder={t("Select a method")}
        options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(METHOD_KEYS[m]) }))}
      />
      <InputField
        field={fields.payment_reference}
        label={t("Payment reference")}
        required
        maxLength={100}
        autoComplete="off"
        hint={t("For example the Mobile Money transaction ID or the bank transfer reference")}
      />
      <DialogActions>
        <SubmitButton busy={busy} busyLabel={t("Recording...")}>
          {t("Confirm Payment")}
        </SubmitButton>
      </DialogActions>
    </fetcher.Form>
  );
}
