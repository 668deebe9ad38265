import { Pagination } from "~/components/ui/pagination";
import { useT } from "~/i18n/react";
import type { PaymentRow } from "../payments.server";
import { PaymentTable } from "./payment-table";

/** Payment Management (the system administrator's tab): payments to doctors, each pending one with Mark as Paid. */
export function PaymentsPanel({
  payments,
  onPay,
}: {
  payments: { rows: PaymentRow[]; page: number; hasNext: boolean };
  onPay: (payment: PaymentRow, opener: HTMLElement) => void;
}) {
  const t = useT();
  return (
    <div id="payments-panel" tabIndex={-1} className="focus:outline-none">
      <PaymentTable rows={payments.rows} onPay={onPay} />
      <Pagination page={payments.page} hasNext={payments.hasNext} label={t("Payment pages")} />
    </div>
  );
}
