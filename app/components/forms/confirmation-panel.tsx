import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "react-router";
import { type ToastMessage, useToastOf } from "~/components/ui/toaster";

/**
 * What a public form shows once it has been sent, in place of an empty form: the
 * spec's message as a heading, what happens next, and a link to start again (the same page,
 * fresh). The spec's toast still shows once React runs. It is announced (a status) and, after a
 * post with JavaScript, takes the focus the removed submit button had; without JavaScript it is
 * what the server renders for the post.
 */
export function ConfirmationPanel({
  answer,
  title,
  heading: Heading = "h2",
  again,
  children,
}: {
  /** The action's answer: its toast, if any, is shown once React runs. */
  answer?: { toast?: ToastMessage | null };
  title: string;
  /** The title's level under the page's headings. */
  heading?: "h2" | "h3";
  again: { to: string; label: string };
  /** What happens next. */
  children: ReactNode;
}) {
  useToastOf(answer);
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.focus();
  }, []);
  return (
    <section
      ref={panel}
      tabIndex={-1}
      role="status"
      aria-labelledby="confirmation-title"
      className="rounded-xl border border-brand-200 bg-brand-50 p-5 text-ink outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <Heading id="confirmation-title" className="text-lg font-semibold">
        {title}
      </Heading>
      <div className="mt-2 space-y-2">{children}</div>
      <Link
        to={again.to}
        className="mt-4 inline-flex min-h-11 items-center font-semibold text-brand-700 underline hover:text-brand-800"
      >
        {again.label}
      </Link>
    </section>
  );
}
