import { Form, useFetcher } from "react-router";
import { SubmitButton } from "~/components/forms/form-parts";
import { useT } from "~/i18n/react";

/** Accept: a form of its own (a plain post without JavaScript, a fetcher with React). */
export function AcceptButton({ referralId, onSubmitted }: { referralId: string; onSubmitted: (key: string) => void }) {
  const t = useT();
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
      <SubmitButton name="intent" value="accept" busy={busy} busyLabel={t("Accepting...")} className="btn-primary">
        {t("Accept")}
      </SubmitButton>
    </Form>
  );
}
