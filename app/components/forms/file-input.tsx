import type { ChangeEventHandler } from "react";
import { useT } from "~/i18n/react";

/*
 * Every file input of the product (decision 030): a large, labelled, button-like control (at least
 * 44 px high, the browser's own "choose" button restyled, so it works without JavaScript, shows
 * the chosen file's name and is announced as a file input with its label), the limits read with
 * it (aria-describedby), and on a phone (a coarse pointer) a second one, "Take a photo", which
 * opens the camera (`capture="environment"`, images only). Both post under the same name; the
 * server skips an input left empty.
 */

const INPUT_CLASS =
  "block w-full min-h-11 rounded-lg border border-slate-300 bg-white text-sm text-ink " +
  "file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-l-lg file:border-0 file:border-r file:border-slate-300 " +
  "file:bg-brand-50 file:px-4 file:py-2 file:text-base file:font-semibold file:text-brand-800 " +
  "hover:file:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

export function FileInput({
  id,
  name,
  label,
  hint,
  hintId = `${id}-hint`,
  accept,
  multiple = false,
  required = false,
  photo = true,
  error,
  errorId = `${id}-error`,
  onChange,
}: {
  id: string;
  name: string;
  /** The file input's label ("File", "Photo file"); the camera's input is "Take a photo". */
  label: string;
  /** The limits (types, size, how many), read with each control. */
  hint: string;
  hintId?: string;
  accept: string;
  multiple?: boolean;
  required?: boolean;
  /** Offer "Take a photo" on phones (the server must take a second part under `name`). */
  photo?: boolean;
  /** The English message (a schema's, the server's): translated here, as a field's error is. */
  error?: string | null;
  errorId?: string;
  onChange?: ChangeEventHandler<HTMLInputElement>;
}) {
  const t = useT();
  const describedBy = error ? `${hintId} ${errorId}` : hintId;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <p id={hintId} className="mb-2 text-sm text-muted">
        {hint}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          {photo ? (
            // Pairs the two controls on a phone; the input's own name is `label`.
            <span aria-hidden="true" className="mb-1 hidden text-sm font-medium pointer-coarse:block">
              {t(multiple ? "Choose files" : "Choose a file")}
            </span>
          ) : null}
          <input
            id={id}
            name={name}
            type="file"
            accept={accept}
            multiple={multiple}
            required={required && !photo ? true : undefined}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            className={INPUT_CLASS}
            onChange={onChange}
          />
        </div>
        {photo ? (
          // Phones only: a desktop browser ignores `capture` and would show a second file chooser.
          <div className="hidden pointer-coarse:block">
            <label htmlFor={`${id}-photo`} className="mb-1 block text-sm font-medium">
              {t("Take a photo")}
            </label>
            <input
              id={`${id}-photo`}
              name={name}
              type="file"
              accept="image/*"
              capture="environment"
              aria-describedby={describedBy}
              aria-invalid={error ? true : undefined}
              className={INPUT_CLASS}
              onChange={onChange}
            />
          </div>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}
