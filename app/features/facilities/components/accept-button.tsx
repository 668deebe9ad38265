import { Form } from "react-router";
import { SubmitButton } from "~/components/forms/form-parts";

/**
 * Accept: a form of its own (a plain post without JavaScript); with React it posts with a fetcher,
 * the row shows the answer is awaited and the toast comes with the answer.
 */
export function AcceptButton({
  referralId,
  intent,
  label,
  busyLabel,
  className,
  busy,
  onSubmitted,
  referralNumber,
}: {
  referralId: string;
  /** Named in the button's accessible name ("Accept REF-2026-000123"): a list of Accepts tells them apart. */
  referralNumber: string;
  intent: "accept";
  label: string;
  busyLabel: string;
  className: string;
  busy: boolean;
  onSubmitted: (fetcherKey: string) => void;
}) {
  const fetcherKey = `referral:${intent}:${referralId}`;
  return (
    <Form
      method="post"
      navigate={false}
      fetcherKey={fetcherKey}
      onSubmit={(event) => {
        // Pressed again while the first is on its way: once is enough.
        if (busy) event.preventDefault();
        else onSubmitted(fetcherKey);
      }}
    >
      <input type="hidden" name="referralId" value={referralId} />
      <SubmitButton
        name="intent"
        value={intent}
        busy={busy}
        busyLabel={busyLabel}
        className={className}
        label={`${busy ? busyLabel : label} ${referralNumber}`}
      >
        {label}
      </SubmitButton>
    </Form>
  );
}
