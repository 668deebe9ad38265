import { accraDateTime } from "../payout-details-answer";

/** "Paid to": the doctor's payout details in force (masked), and the hold after a recent change. */
export function PayoutDetailsCurrent({
  current,
}: {
  current: { description: string; accountName: string; holdUntil: string | null } | null;
}) {
  return (
    <section aria-labelledby="current-title" className="card mt-6 p-6">
      <h2 id="current-title" className="text-lg font-semibold">
        Paid to
      </h2>
      {current ? (
        <>
          <p className="mt-2">
            <strong>{current.description}</strong>, in the name of {current.accountName}
          </p>
          {current.holdUntil ? (
            <p className="mt-2 text-sm" role="status">
              Changed recently: payouts are held until {accraDateTime(current.holdUntil)}.
            </p>
          ) : null}
        </>
      ) : (
        <p className="mt-2 text-muted">No payout details yet: payouts wait until you add them.</p>
      )}
    </section>
  );
}
