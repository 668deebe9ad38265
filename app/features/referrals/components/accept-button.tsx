import { Form, useFetcher } from "react-router";
import { SubmitButton } from "~/components/forms/form-parts";

/** Accept: a form of its own (a plain post without JavaScript, a fetcher with React). */
export function AcceptButton({ referralId, onSubmitted }: { referralId: string; onSubmitted: (key: string) => void }) {
  const key = `referral:accept:${referralId}`;
  const fetcher = useFetcher({ key });
  const busy = fetcher.state !== "idle";
  return (
    <Form
      method="post"
      navigate={false}
      fetcherKey={key}
      onSubmit={(event) => {
        if (busy) event.preventDefault();
        else onSubmitted(key);
      }}
    >
      <input type="hidden" name="referralId" value={referralId} />
      <SubmitButton name="intent" value="accept" busy={busy} busyLabel="Accepting..." className="btn-primary">
        Accept
      </SubmitButton>
    </Form>
  );
}
