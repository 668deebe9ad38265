import type { ReactNode } from "react";

type Common = {
  /** The form's prefix, so two forms on one page keep unique ids. */
  form: string;
  name: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  className?: string;
};

export function fieldIds(form: string, name: string) {
  const id = `${form}-${name}`;
  return { id, errorId: `${id}-error`, hintId: `${id}-hint` };
}

function describedBy(form: string, name: string, error?: string, hint?: ReactNode): string | undefined {
  const f = fieldIds(form, name);
  return [hint ? f.hintId : null, error ? f.errorId : null].filter(Boolean).join(" ") || undefined;
}

function Shell({ form, name, label, required, error, hint, className, children }: Common & { children: ReactNode }) {
  const f = fieldIds(form, name);
  return (
    <div className={className}>
      <label htmlFor={f.id} className="field-label">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={f.hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={f.errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input; its hint and error are linked by aria-describedby. */
export function InputField({
  type = "text",
  defaultValue,
  value,
  onChange,
  autoComplete,
  inputMode,
  ...common
}: Common & {
  type?: "text" | "email" | "tel" | "password";
  defaultValue?: string;
  value?: string;
  onChange?: (value: string) => void;
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel";
}) {
  const f = fieldIds(common.form, common.name);
  return (
    <Shell {...common}>
      <input
        id={f.id}
        name={common.name}
        type={type}
        defaultValue={value === undefined ? defaultValue : undefined}
        value={value}
        onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}
        required={common.required}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-invalid={common.error ? true : undefined}
        aria-describedby={describedBy(common.form, common.name, common.error, common.hint)}
        className="field-input"
      />
    </Shell>
  );
}

export function SelectField({
  defaultValue,
  placeholder,
  options,
  ...common
}: Common & {
  defaultValue?: string;
  placeholder?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  const f = fieldIds(common.form, common.name);
  return (
    <Shell {...common}>
      <select
        id={f.id}
        name={common.name}
        defaultValue={defaultValue ?? ""}
        required={common.required}
        aria-invalid={common.error ? true : undefined}
        aria-describedby={describedBy(common.form, common.name, common.error, common.hint)}
        className="field-input"
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Shell>
  );
}

/** A server answer shown in the page (without JavaScript; with it the same text is a toast). */
export function Notice({ title, description, variant }: { title: string; description?: string; variant?: string }) {
  const destructive = variant === "destructive";
  return (
    <div
      role={destructive ? "alert" : "status"}
      className={`mb-6 rounded-xl border p-4 ${
        destructive ? "border-red-300 bg-red-50 text-red-900" : "border-brand-200 bg-brand-50 text-brand-900"
      }`}
    >
      <p className="font-semibold">{title}</p>
      {description ? <p className="mt-1 text-sm">{description}</p> : null}
    </div>
  );
}

/** Focuses the first field with an error (after a refused submit). */
export function focusFirstError(form: HTMLFormElement, errors: Record<string, string | undefined>): void {
  const first = Object.keys(errors).find((k) => errors[k]);
  const element = first ? form.elements.namedItem(first) : null;
  if (element instanceof HTMLElement) element.focus();
}
