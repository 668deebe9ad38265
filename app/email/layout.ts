import { SITE } from "../content/site.ts";
import type { Translate } from "../i18n/i18n.ts";

/** Every product email: plain text first (every client reads it), with a simple HTML twin. */
export type MailContent = { subject: string; text: string; html: string };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const BUTTON_FALLBACK = "If the button does not work, copy this address into your browser:";

/**
 * The HTML twin: the paragraphs, an optional button (with its address spelled out), the brand.
 * `t`: the reader's language (decision 048) for the frame's own words; without it, English.
 */
export function mailHtml(paragraphs: string[], action?: { label: string; href: string }, t?: Translate): string {
  const fallback = t ? t("mail.button-fallback") : BUTTON_FALLBACK;
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("");
  const button = action
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(action.href)}" style="display:inline-block;background:#0d6156;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#4b5866">${escapeHtml(fallback)}<br>${escapeHtml(action.href)}</p>`
    : "";
  return `<!doctype html><html><body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#17212b;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">${body}${button}<p style="margin:24px 0 0;font-size:13px;color:#4b5866">${escapeHtml(SITE.name)}</p></body></html>`;
}

/** A message of paragraphs with one link: the link sits on its own line in the text version. */
export function simpleMail(
  subject: string,
  paragraphs: string[],
  action: { label: string; href: string },
  t?: Translate,
): MailContent {
  // "Label:" in English, "Libellé :" in French (a space before the colon).
  const label = t ? t("mail.label-colon", { label: action.label }) : `${action.label}:`;
  return {
    subject,
    text: `${paragraphs.join("\n\n")}\n\n${label}\n${action.href}\n\n${SITE.name}\n`,
    html: mailHtml(paragraphs, action, t),
  };
}
