import { useLocale, useT } from "~/i18n/react";
import { accraDateTime } from "../payout-details-answer";

/** "Paid to": the doctor's payout details in force (masked), and the hold after a recent change. */
export function PayoutDetailsCurrent({
  current,
}: {
  current: { description: string; accountName: string; holdUntil: string | null } | null;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <section aria-labelledby="current-title" className="card mt-6 p-6">
      <h2 id="current-title" className="text-lg font-semibold">
        {t("Paid to")}
      </h2>
      {current ? (
        <>
          <p className="mt-2">
            <strong>{current.description}</strong>
            {t("payoutCurrent.inTheNameOf", { name: current.accountName })}
          </p>
          {current.holdUntil ? (
            <p className="mt-2 text-sm" role="status">
              {t("payoutCurrent.held", { until: accraDateTime(current.holdUntil, locale) })}
            </p>
          ) : null}
        </>
      ) : (
        <p className="mt-2 text-muted">{t("No payout details yet: payouts wait until you add them.")}</p>
      )}
    </section>
  );
}
