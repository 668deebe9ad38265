import type { ReactNode } from "react";

type Common = {
  /** The form's prefix, so two forms on one page keep unique ids. */
  form: string;
  name: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  className?: string;
};

function ids(form: string, name: string) {
  const id = `${form}-${name}`;
  return { id, errorId: `${id}-error`, hintId: `${id}-hint` };
}

function describedBy(f: ReturnType<typeof ids>, error?: string, hint?: string) {
  return [hint ? f.hintId : null, error ? f.errorId : null].filter(Boolean).join(" ") || undefined;
}

function Shell({ form, name, label, required, error, hint, className, children }: Common & { children: ReactNode }) {
  const f = ids(form, name);
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

/** A labelled input with its error linked by aria-describedby. */
export function TextField({
  defaultValue,
  type = "text",
  autoComplete,
  inputMode,
  placeholder,
  min,
  step,
  ...common
}: Common & {
  defaultValue?: string;
  type?: "text" | "email" | "tel" | "number";
  autoComplete?: string;
  inputMode?: "numeric" | "text" | "email" | "tel";
  placeholder?: string;
  min?: number;
  step?: number;
}) {
  const f = ids(common.form, common.name);
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
        placeholder={placeholder}
        min={min}
        step={step}
        aria-invalid={common.error ? true : undefined}
        aria-describedby={describedBy(f, common.error, common.hint)}
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
  placeholder: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  const f = ids(common.form, common.name);
  return (
    <Shell {...common}>
      <select
        id={f.id}
        name={common.name}
        defaultValue={defaultValue ?? ""}
        required={common.required}
        aria-invalid={common.error ? true : undefined}
        aria-describedby={describedBy(f, common.error, common.hint)}
        className="field-input"
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Shell>
  );
}

export function TextAreaField({
  defaultValue,
  placeholder,
  ...common
}: Common & { defaultValue?: string; placeholder?: string }) {
  const f = ids(common.form, common.name);
  return (
    <Shell {...common}>
      <textarea
        id={f.id}
        name={common.name}
        rows={4}
        defaultValue={defaultValue}
        required={common.required}
        placeholder={placeholder}
        aria-invalid={common.error ? true : undefined}
        aria-describedby={describedBy(f, common.error, common.hint)}
        className="field-input"
      />
    </Shell>
  );
}
