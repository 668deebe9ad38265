import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useFetcher } from "react-router";
import { DraftNotice } from "~/components/forms/draft-notice";
import { SubmitButton } from "~/components/forms/form-parts";
import { useSchemaForm } from "~/components/forms/schema-form";
import { TextAreaField } from "~/components/ui/field";
import { useToastOf } from "~/components/ui/toaster";
import { useT } from "~/i18n/react";
import { isNetworkFailure, type NetworkFailure, useFormDraft, useResendWhenOnline } from "~/lib/drafts";
import { FormKeyField } from "~/lib/idempotency";
import { answerFor, type WorkspaceAnswer } from "../workspace-answer";
import { messageSchema } from "../workspace-schemas";

/**
 * Post a message to the other side. Its draft is kept on this phone as it is typed, per person and
 * referral (decision 027), and sent again once back online when the network lost it.
 */
export function MessageForm({
  referralId,
  userId,
  answer,
}: {
  referralId: string;
  /** Whose draft it is. */
  userId: string;
  answer: WorkspaceAnswer | undefined;
}) {
  const t = useT();
  const fetcher = useFetcher<WorkspaceAnswer | NetworkFailure>({ key: "referral:message" });
  const busy = fetcher.state !== "idle";
  const networkFailed = isNetworkFailure(fetcher.data);
  const answered = isNetworkFailure(fetcher.data) ? undefined : fetcher.data;
  const mine = answerFor("message", answered, answer);
  useToastOf(answered);
  const [form, fields] = useSchemaForm(messageSchema, {
    id: "message",
    lastResult: mine?.result as SubmissionResult<string[]> | undefined,
  });
  const formProps = getFormProps(form);
  const draft = useFormDraft({ formId: form.id, user: userId, form: `message:${referralId}`, patientData: true });
  useResendWhenOnline(form.id, networkFailed || draft.unsent);
  const sent = mine?.ok === true && fetcher.state === "idle";
  return (
    <section aria-labelledby="message-heading" className="card mt-6 p-5">
      <h2 id="message-heading" className="text-lg font-bold">
        {t("Post a message")}
      </h2>
      <p className="text-sm text-muted">
        {t("The other side is emailed that there is a new message (never the message itself).")}
      </p>
      {sent ? null : (
        <DraftNotice
          draft={draft}
          networkFailed={networkFailed}
          offlineMessage={t("No connection. Your message is saved on this phone; send it when you are back online.")}
        />
      )}
      <fetcher.Form
        method="post"
        className="mt-3"
        {...formProps}
        onSubmit={(event) => {
          if (busy) event.preventDefault();
          else formProps.onSubmit(event);
        }}
      >
        <input type="hidden" name="intent" value="message" />
        <FormKeyField form="message" />
        <input type="hidden" name="referralId" value={referralId} />
        <TextAreaField field={fields.body} label={t("Message")} required maxLength={2000} rows={3} />
        <div className="mt-3">
          <SubmitButton busy={busy} busyLabel={t("Sending...")}>
            {t("Send")}
          </SubmitButton>
        </div>
      </fetcher.Form>
    </section>
  );
}
