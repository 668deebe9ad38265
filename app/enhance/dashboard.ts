import { isRecoveryAddress } from "~/features/accounts/recovery-link";
import { dropParams, settleDialogs } from "./dialogs";
import { type Check, enhanceForms, noticesToToasts } from "./forms";
import { markReady } from "./ready";

/** Every form a dashboard posts (the Sign Out form, outside <main>, posts as a plain form). */
const POSTED_FORMS = "main form[method=post]";

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const isControl = (el: Element): el is Control =>
  el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;

/**
 * A form marked `data-complete-to-submit` (Mark as Paid) keeps its submit button disabled until
 * every required field has a value that is not blank; the server checks again.
 */
function guardCompleteness(form: HTMLFormElement): void {
  if (!form.matches("[data-complete-to-submit]") || form.hasAttribute("data-busy")) return;
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]:not([formmethod])");
  if (!button) return;
  button.disabled = [...form.elements].some((el) => isControl(el) && el.required && el.value.trim() === "");
}

/** What a new rendering of the page's <main> needs: its dialogs made modal, its guarded forms checked. */
function settle(root: ParentNode): void {
  settleDialogs(root);
  for (const form of root.querySelectorAll<HTMLFormElement>("form[data-complete-to-submit]")) guardCompleteness(form);
}

/**
 * The signed-in pages' behaviour, without React (docs/decisions/012-no-page-hydrates.md): their
 * forms are checked by `check`, then posted with fetch to the same action a plain post uses, and
 * the server's new rendering of <main> (the figures, the tables, a dialog's errors) takes the old
 * one's place; its notice becomes a toast. Links (tabs, pages, filters, a dialog's address) load
 * pages as usual. Without JavaScript every form posts and every page renders the same.
 */
export function enhanceDashboard(check: (data: FormData, form: HTMLFormElement) => Check): void {
  // A signed-in visitor of a password-reset link is sent here with the link's fragment kept:
  // recovery wins over the dashboard (spec section 2).
  if (isRecoveryAddress(window.location)) {
    window.location.replace(`/reset-password${window.location.hash}`);
    return;
  }
  const main = document.getElementById("main");
  // An answer shown by a page load (a post sent before this script ran, or ?created= after a new
  // referral) is a toast too, and the address forgets the one-time message.
  if (main) noticesToToasts(main);
  dropParams(["created"]);
  settle(document);
  document.addEventListener("input", (event) => {
    const form = (event.target as Element | null)?.closest?.("form");
    if (form) guardCompleteness(form);
  });
  enhanceForms(POSTED_FORMS, check, {
    onAnswer: (fresh) => {
      settle(fresh);
      markReady();
    },
  });
  markReady();
}
