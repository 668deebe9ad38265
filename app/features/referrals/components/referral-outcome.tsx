import { useT } from "~/i18n/react";
import type { ReferralWorkspace } from "../workspace.server";

/** How the referral ended, in the words of whoever ended it: its outcome, or the reason it was rejected or cancelled. */
export function ReferralOutcome({ referral }: { referral: ReferralWorkspace }) {
  const t = useT();
  const items: Array<{ title: string; text: string }> = [];
  if (referral.outcomeNote) items.push({ title: "Outcome", text: referral.outcomeNote });
  if (referral.rejectionReason) items.push({ title: "Reason for rejection", text: referral.rejectionReason });
  if (referral.cancellationReason) items.push({ title: "Reason for cancelling", text: referral.cancellationReason });
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="outcome-heading" className="card p-5">
      <h2 id="outcome-heading" className="text-lg font-bold">
        {t(items[0].title)}
      </h2>
      {items.map((item, i) => (
        <div key={item.title}>
          {i > 0 ? <h3 className="mt-3 font-semibold">{t(item.title)}</h3> : null}
          <p className="mt-2 whitespace-pre-line break-words">{item.text}</p>
        </div>
      ))}
    </section>
  );
}
