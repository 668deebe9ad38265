import type { ReactNode } from "react";

/** One labelled line of a referral's details (and of its printed slip). */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A narrower label column on a phone: a number such as +233 24 412 3456 fits unbroken.
    <div className="grid grid-cols-[6.5rem_1fr] gap-2 py-1.5 sm:grid-cols-[9rem_1fr]">
      <dt className="text-sm font-semibold text-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}
