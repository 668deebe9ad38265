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
  autoComplete,
  inputMode,
  ...common
}: Common & {
  type?: "text" | "email" | "tel" | "password";
  defaultValue?: string;
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
        defaultValue={defaultValue}
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
