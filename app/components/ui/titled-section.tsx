import type { ReactNode } from "react";

/** A dashboard section: its heading (labelling the section), an optional action beside it, the content. */
export function TitledSection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-10">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        {/* Focusable from script: where the focus goes when the row it was on has left the table. */}
        <h2 id={`${id}-heading`} tabIndex={-1} className="text-xl font-bold focus:outline-none">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
