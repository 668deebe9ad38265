import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { RefObject } from "react";
import { type FetcherWithComponents, useFetcher } from "react-router";
import type { $ZodType } from "zod/v4/core";
import { Dialog, DialogActions } from "~/components/ui/dialog";
import { useDialogAnswers } from "~/components/ui/dialog-state";
import { TextAreaField } from "~/components/ui/field";
import type { ToastMessage } from "~/components/ui/toaster";
import { SubmitButton } from "./form-parts";
import { useSchemaForm } from "./schema-form";

/** What an action answers a text dialog: a toast, and the form's errors (or a reset once done). */
export type TextDialogAnswer = { toast: ToastMessage; result?: SubmissionResult<string[]> };

/**
 * A dialog that asks for one text and posts it (Reject, Cancel, Complete, Decline): the text is
 * checked by the form's schema here and by the domain function again. With React it is a Radix
 * dialog posting with the fetcher `fetcherKey` (it closes once the action accepts, with the answer
 * as a toast; a refused text stays with its message under the field). Without JavaScript the page
 * renders it open from its address and it is a plain post; `answer` is then the action's answer.
 */
export function TextDialog<A extends TextDialogAnswer>({
  fetcherKey,
  subjectId,
  open,
  onOpenChange,
  answer,
  returnFocusTo,
  fallbackFocusId,
  title,
  description,
  mine,
  refused,
  form,
}: {
  fetcherKey: string;
  /** What the dialog acts on (null: nothing to show). */
  subjectId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  answer: A | undefined;
  returnFocusTo: RefObject<HTMLElement | null>;
  fallbackFocusId: string;
  title: string;
  description: string;
  /** Whether an answer is this dialog's, for this subject. */
  mine: (answer: A) => boolean;
  /** Whether the action refused the text (the dialog stays open). */
  refused: (answer: A) => boolean;
  form: Omit<TextFormProps, "lastResult" | "busy" | "fetcher" | "subjectId">;
}) {
  // The answers are plain data: what is serialised is what was sent.
  const fetcher = useFetcher({ key: fetcherKey }) as unknown as FetcherWithComponents<A>;
  const busy = fetcher.state !== "idle";
  useDialogAnswers(fetcher, refused, onOpenChange);
  if (!subjectId) return null;
  const own = (a: A | undefined) => (a && mine(a) ? a : null);
  const lastResult = (own(fetcher.data) ?? own(answer))?.result;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      returnFocusTo={returnFocusTo}
      fallbackFocusId={fallbackFocusId}
    >
      <TextForm key={subjectId} {...form} subjectId={subjectId} lastResult={lastResult} busy={busy} fetcher={fetcher} />
    </Dialog>
  );
}

type TextFormProps = {
  /** Names the form's element ids: `${idPrefix}-${subjectId}`. */
  idPrefix: string;
  schema: $ZodType;
  /** The text field's name in the schema, and its label and limit. */
  field: string;
  label: string;
  maxLength: number;
  rows?: number;
  /** Hidden fields: the intent and the subject's id. */
  hidden: Record<string, string>;
  submit: { label: string; busyLabel: string; className: string };
  subjectId: string;
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
  // biome-ignore lint/suspicious/noExplicitAny: any action's answer
  fetcher: ReturnType<typeof useFetcher<any>>;
};

function TextForm({
  idPrefix,
  schema,
  field,
  label,
  maxLength,
  rows,
  hidden,
  submit,
  subjectId,
  lastResult,
  busy,
  fetcher,
}: TextFormProps) {
  const [form, fields] = useSchemaForm(schema, { id: `${idPrefix}-${subjectId}`, lastResult });
  const formProps = getFormProps(form);
  return (
    <fetcher.Form
      method="post"
      {...formProps}
      onSubmit={(event) => {
        // Pressed again while the first is on its way: once is enough.
        if (busy) event.preventDefault();
        else formProps.onSubmit(event);
      }}
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <TextAreaField field={fields[field]} label={label} required maxLength={maxLength} rows={rows} />
      <DialogActions>
        <SubmitButton busy={busy} busyLabel={submit.busyLabel} className={submit.className}>
          {submit.label}
        </SubmitButton>
      </DialogActions>
    </fetcher.Form>
  );
}
