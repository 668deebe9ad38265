import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { useT } from "~/i18n/react";

/** What the editor's action answers before a post that emails the waitlist is carried out. */
export type SendConfirmation = {
  /** Who will be emailed: the waitlist's entries still Pending now that have an email. */
  count: number;
  /** Pending entries with only a mobile number (decision 029's patients): texted, not emailed. */
  texted: number;
  /** What the confirmed post carries again: the fields as they were posted. */
  fields: Record<string, string>;
  /** The button's words: "Launch hub", "Send update", "Save hub". */
  action: string;
};

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
  const t = useT();
  const { count, texted, fields } = confirmation;
  // The button's words are in the catalogues ("Launch hub", "Send update", "Save hub").
  const action = t(confirmation.action);
  const textedToo = texted > 0 ? ` ${t("hubs.confirm-texted-too", { texted })}` : "";
  const title =
    count > 0
      ? t("hubs.confirm-email-title", { count })
      : texted > 0
        ? t("hubs.confirm-text-title", { count: texted })
        : t("Nobody will be emailed");
  const text =
    count > 0
      ? `${t("hubs.confirm-email-text", { action, count })}${textedToo}`
      : texted > 0
        ? t("hubs.confirm-text-text", { action, count: texted })
        : t("hubs.confirm-nobody-text", { action });
  const yes =
    count > 0
      ? t("hubs.confirm-yes-email", { count })
      : texted > 0
        ? t("hubs.confirm-yes-text", { count: texted })
        : t("hubs.confirm-yes-action", { action: action.toLowerCase() });
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
          {t("Cancel")}
        </Link>
      </Form>
    </section>
  );
}
