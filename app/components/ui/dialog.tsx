import { type ReactNode, useId } from "react";

/**
 * A dialog on the native <dialog> element, rendered open by the server when the address names it
 * (a search parameter, so a plain link opens it and the page works without JavaScript). The page
 * script makes it modal (focus trapped, Escape closes, the page behind inert) and, when it closes,
 * drops `param` from the address (enhance/dialogs.ts). A button with `formMethod="dialog"` closes
 * it, with or without script.
 */
export function Dialog({
  param,
  title,
  description,
  children,
}: {
  param: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <dialog
      open
      data-dialog-param={param}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl border border-slate-200 bg-white p-6 text-ink shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id={titleId} className="text-lg font-bold">
        {title}
      </h2>
      {description ? (
        <div id={descriptionId} className="mt-1 text-sm text-muted">
          {description}
        </div>
      ) : null}
      <div className="mt-4">{children}</div>
    </dialog>
  );
}

/** A dialog form's buttons: Cancel closes the dialog (`formmethod="dialog"`, with or without script), then `children`. */
export function DialogActions({ children }: { children: ReactNode }) {
  return (
    <div className="mt-5 flex flex-wrap justify-end gap-3">
      <button type="submit" formMethod="dialog" formNoValidate className="btn-secondary">
        Cancel
      </button>
      {children}
    </div>
  );
}
