import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";

/** What the editor's action answers before a post that emails the waitlist is carried out (issue 28). */
export type SendConfirmation = {
  /** Who will be emailed: the waitlist's entries still Pending now that have an email. */
  count: number;
  /** Pending entries with only a mobile number (issue 28's patients): texted, not emailed. */
  texted: number;
  /** What the confirmed post carries again: the fields as they were posted. */
  fields: Record<string, string>;
  /** The button's words: "Launch hub", "Send update", "Save hub". */
  action: string;
};

/** "1 person" / "3 people". */
export function people(count: number): string {
  return `${count} ${count === 1 ? "person" : "people"}`;
}

/**
 * The confirmation step before Launch, Send an update, or a save that launches: how many people
 * will be emailed, then "Yes, email N people" or Cancel. It is the action's answer, so it works the
 * same without JavaScript (a page with the question) and with it (the panel gets the focus).
 */
export function ConfirmSend({ path, confirmation }: { path: string; confirmation: SendConfirmation }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const { count, texted, fields, action } = confirmation;
  const textedToo =
    texted > 0
      ? ` ${people(texted)} who gave only a mobile number ${texted === 1 ? "is" : "are"} sent an SMS instead.`
      : "";
  const title =
    count > 0 ? `Email ${people(count)}?` : texted > 0 ? `Text ${people(texted)}?` : "Nobody will be emailed";
  const text =
    count > 0
      ? `"${action}" emails each of the ${people(count)} still Pending on this hub's waitlist, once. It cannot be taken back.${textedToo}`
      : texted > 0
        ? `"${action}" sends an SMS to each of the ${people(texted)} still Pending on this hub's waitlist who gave only a mobile number, once. It cannot be taken back.`
        : `No entry of this hub's waitlist is Pending, so "${action}" emails nobody.`;
  const yes =
    count > 0
      ? `Yes, email ${people(count)}`
      : texted > 0
        ? `Yes, text ${people(texted)}`
        : `Yes, ${action.toLowerCase()}`;
  return (
    <section
      role="alertdialog"
      aria-modal="false"
      aria-labelledby="confirm-send-title"
      aria-describedby="confirm-send-text"
      className="card mb-8 border-amber-300 bg-amber-50"
    >
      <h2 id="confirm-send-title" ref={heading} tabIndex={-1} className="text-lg font-bold">
        {title}
      </h2>
      <p id="confirm-send-text" className="mt-2 text-sm">
        {text}
      </p>
      <Form method="post" action={path} className="mt-4 flex flex-wrap gap-3">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirmed" value="yes" />
        <button type="submit" className="btn-primary">
          {yes}
        </button>
        <Link to={path} className="btn-secondary">
          Cancel
        </Link>
      </Form>
    </section>
  );
}
