import type { ReactNode } from "react";
import { Cell, Row, Table } from "~/components/ui/table";
import type { Translate } from "~/i18n/i18n";
import { useLocale, useT } from "~/i18n/react";
import { formatCedis } from "~/lib/ghana-format";
import type { TransferRow } from "../payout-reads.server";

/** A transfer's status in the page's language (the catalogue's `payouts.transfer-status` select). */
export function transferStatusLabel(t: Translate, status: string): string {
  return t("payouts.transfer-status", { status });
}

/** A run's status in the page's language (the catalogue's `payouts.run-status` select). */
export function runStatusLabel(t: Translate, status: string): string {
  return t("payouts.run-status", { status });
}

/**
 * Transfers as the payout screens list them (a run's transfers, the failures to act on): who, where
 * to, how much, their status and reference, then the screen's own columns (`more`: their headers,
 * already in the page's language, and each transfer's cells).
 */
export function TransferTable({
  caption,
  empty,
  transfers,
  more,
}: {
  caption: string;
  empty: string;
  transfers: TransferRow[];
  more: { headers: string[]; cells: (transfer: TransferRow) => ReactNode };
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <Table
      caption={caption}
      headers={[t("Doctor"), t("To"), t("Amount"), t("Status"), t("Reference"), ...more.headers]}
      empty={empty}
      rowCount={transfers.length}
    >
      {transfers.map((transfer) => (
        <Row key={transfer.id}>
          <Cell label={t("Doctor")}>{transfer.doctorName}</Cell>
          <Cell label={t("To")}>{transfer.destination}</Cell>
          <Cell label={t("Amount")}>{formatCedis(transfer.amountPesewas, locale)}</Cell>
          <Cell label={t("Status")}>{transferStatusLabel(t, transfer.status)}</Cell>
          <Cell label={t("Reference")}>
            <code>{transfer.reference}</code>
          </Cell>
          {more.cells(transfer)}
        </Row>
      ))}
    </Table>
  );
}
