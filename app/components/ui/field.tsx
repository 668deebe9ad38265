import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { useT } from "~/i18n/react";

/**
 * Labelled form fields for the Conform forms (components/forms/schema-form.ts): the label, the
 * control, an optional hint and the field's first error, linked by aria-describedby; ids are
 * Conform's (`{form id}-{name}`, `-error`, `-description`), so the error summary links to them.
 */
type Common = {
  // biome-ignore lint/suspicious/noExplicitAny: a field of any form's schema
  field: FieldMetadata<any, any, any>;
  label: ReactNode;
  /**
   * Shown with an asterisk and announced as required. Unset, it follows the schema (Conform's
   * constraint); set, it wins, so a field the schema only checks in a refinement (optional, then
   * required by a rule across fields) is still announced, and one labelled "(optional)" never is.
   */
  required?: boolean;
  hint?: ReactNode;
  className?: string;
  maxLength?: number;
};

/** The first message of a field, if it has one. */
export function fieldError(field: Common["field"]): string | undefined {
  return field.errors?.[0];
}

function describedBy(common: Common): string | undefined {
  return (
    [common.hint ? common.field.descriptionId : null, fieldError(common.field) ? common.field.errorId : null]
      .filter(Boolean)
      .join(" ") || undefined
  );
}

/** Whether the field is shown (asterisk) and announced as required: the prop, else the schema. */
function isRequired(common: Common): boolean {
  return common.required ?? Boolean(common.field.required);
}

function Shell({ hint, className, children, ...common }: Common & { children: ReactNode }) {
  const t = useT();
  const { field, label } = common;
  const required = isRequired(common);
  const error = fieldError(field);
  return (
    <div className={className}>
      <label htmlFor={field.id} className="field-label">
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
        <p id={field.descriptionId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={field.errorId} className="field-error">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Attributes every control shares beyond Conform's own. `required` follows `isRequired`: the
 * browser's own check when the schema requires the field everywhere, `aria-required` alone when
 * only a refinement does (such a field may be hidden for some choices, e.g. "Facility you run" for
 * a doctor, and a hidden required control would block the form).
 */
function own(common: Common) {
  const required = isRequired(common);
  const schemaRequired = Boolean(common.field.required);
  return {
    required: required && schemaRequired ? true : undefined,
    "aria-required": required && !schemaRequired ? true : undefined,
    "aria-invalid": fieldError(common.field) ? true : undefined,
    "aria-describedby": describedBy(common),
    className: "field-input",
  } as const;
}

/** A labelled input. */
export function InputField({
  type = "text",
  autoComplete,
  inputMode,
  placeholder,
  min,
  step,
  ...common
}: Common & {
  type?: "text" | "email" | "tel" | "password" | "number" | "date" | "search" | "url";
  autoComplete?: string;
  inputMode?: "numeric" | "text" | "email" | "tel" | "decimal" | "url";
  placeholder?: string;
  min?: number;
  step?: number;
}) {
  const { key, ...props } = getInputProps(common.field, { type, ariaAttributes: false });
  return (
    <Shell {...common}>
      <input
        key={key}
        {...props}
        {...own(common)}
        maxLength={common.maxLength ?? props.maxLength}
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
  placeholder,
  options,
  ...common
}: Common & {
  placeholder?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  const { key, ...props } = getSelectProps(common.field, { ariaAttributes: false });
  return (
    <Shell {...common}>
      <select key={key} {...props} {...own(common)} defaultValue={props.defaultValue ?? ""}>
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

/** A labelled text area (four lines unless told). */
export function TextAreaField({ placeholder, rows = 4, ...common }: Common & { placeholder?: string; rows?: number }) {
  const { key, ...props } = getTextareaProps(common.field, { ariaAttributes: false });
  return (
    <Shell {...common}>
      <textarea
        key={key}
        {...props}
        {...own(common)}
        maxLength={common.maxLength ?? props.maxLength}
        rows={rows}
        placeholder={placeholder}
      />
    </Shell>
  );
}
