import type { ReactNode } from "react";

/**
 * Labelled form fields (the account, waitlist and dashboard forms): the label, the control, an
 * optional hint and the error, linked by aria-describedby. Server-rendered; the page scripts
 * find them by their ids (`{form}-{name}`, `-hint`, `-error`).
 */
type Common = {
  /** The form's prefix, so two forms on one page keep unique ids. */
  form: string;
  name: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  className?: string;
  maxLength?: number;
};

function ids(form: string, name: string) {
  const id = `${form}-${name}`;
  return { id, errorId: `${id}-error`, hintId: `${id}-hint` };
}

/** The attributes every control shares: id, name, required, and its error and hint links. */
function control(common: Common) {
  const f = ids(common.form, common.name);
  return {
    id: f.id,
    name: common.name,
    required: common.required,
    maxLength: common.maxLength,
    "aria-invalid": common.error ? true : undefined,
    "aria-describedby":
      [common.hint ? f.hintId : null, common.error ? f.errorId : null].filter(Boolean).join(" ") || undefined,
    className: "field-input",
  } as const;
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

/** A labelled input. */
export function InputField({
  type = "text",
  defaultValue,
  autoComplete,
  inputMode,
  placeholder,
  min,
  step,
  ...common
}: Common & {
  type?: "text" | "email" | "tel" | "password" | "number";
  defaultValue?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "text" | "email" | "tel";
  placeholder?: string;
  min?: number;
  step?: number;
}) {
  return (
    <Shell {...common}>
      <input
        {...control(common)}
        type={type}
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        min={min}
        step={step}
      />
    </Shell>
  );
}

/** A labelled select; `placeholder` adds an empty first option. */
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
  return (
    <Shell {...common}>
      <select {...control(common)} defaultValue={defaultValue ?? ""}>
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

/** A labelled four-line text area. */
export function TextAreaField({
  defaultValue,
  placeholder,
  ...common
}: Common & { defaultValue?: string; placeholder?: string }) {
  return (
    <Shell {...common}>
      <textarea {...control(common)} rows={4} defaultValue={defaultValue} placeholder={placeholder} />
    </Shell>
  );
}
