import { type Notice, toast } from "./toast";

export type FieldErrors = Partial<Record<string, string>>;

/** What a form's shared schema says about its values, in the browser, before anything is sent. */
export type Check = { ok: true } | { ok: false; fieldErrors: FieldErrors; notice: Notice };

const SEND_FAILED: Notice = {
  title: "Error",
  description: "Something went wrong. Please try again.",
  variant: "destructive",
};

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function controls(form: HTMLFormElement): Control[] {
  return [...form.elements].filter(
    (el): el is Control =>
      (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) &&
      !!el.name &&
      !!el.id &&
      el.type !== "hidden",
  );
}

/**
 * Shows (or clears) one field's message the way the server renders it: a `.field-error`
 * paragraph with the id `<field id>-error` at the end of the field's wrapper, named by the
 * field's aria-describedby (after its hint), and aria-invalid on the field.
 */
export function setFieldError(control: Control, message: string | undefined): void {
  const errorId = `${control.id}-error`;
  let paragraph = document.getElementById(errorId);
  const describedBy = new Set((control.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean));
  if (message) {
    if (!paragraph) {
      paragraph = document.createElement("p");
      paragraph.id = errorId;
      paragraph.className = "field-error";
      control.parentElement?.append(paragraph);
    }
    paragraph.textContent = message;
    control.setAttribute("aria-invalid", "true");
    describedBy.add(errorId);
  } else {
    paragraph?.remove();
    control.removeAttribute("aria-invalid");
    describedBy.delete(errorId);
  }
  if (describedBy.size > 0) control.setAttribute("aria-describedby", [...describedBy].join(" "));
  else control.removeAttribute("aria-describedby");
}

/** Every field of the form gets its message, or loses an old one; the first invalid field takes focus. */
export function showFieldErrors(form: HTMLFormElement, errors: FieldErrors): void {
  let first: Control | undefined;
  for (const control of controls(form)) {
    const message = errors[control.name];
    setFieldError(control, message);
    if (message && !first) first = control;
  }
  first?.focus();
}

/** Turns the server's in-page answers (`[data-notice]`, shown without JavaScript) into toasts. */
function noticesToToasts(root: ParentNode): void {
  for (const notice of root.querySelectorAll<HTMLElement>("[data-notice]")) {
    const [title, description] = [...notice.querySelectorAll("p")].map((p) => p.textContent ?? "");
    toast({ title: title ?? "", description, variant: (notice.dataset.notice as Notice["variant"]) || "default" });
    notice.remove();
  }
}

function setBusy(form: HTMLFormElement, busy: boolean): void {
  form.toggleAttribute("data-busy", busy);
  const button = form.querySelector<HTMLButtonElement>("button[type=submit][data-busy-label]");
  if (!button) return;
  if (busy) {
    button.dataset.idleLabel = button.textContent ?? "";
    button.textContent = button.dataset.busyLabel ?? "";
  } else if (button.dataset.idleLabel !== undefined) {
    button.textContent = button.dataset.idleLabel;
  }
  button.disabled = busy;
}

/**
 * Posts the form to its own action, as the browser would without JavaScript, and puts the
 * server's rendering of the answer in place of the form (the form's `[data-form-region]`
 * wrapper, or the form itself; either has an id): field errors, kept or cleared values. The
 * in-page answer becomes a toast. A redirect is followed with a page load.
 */
async function send(form: HTMLFormElement, data: FormData, selector: string): Promise<void> {
  const region = form.closest<HTMLElement>("[data-form-region]") ?? form;
  setBusy(form, true);
  try {
    const body = new URLSearchParams();
    for (const [name, value] of data) if (typeof value === "string") body.append(name, value);
    const response = await fetch(form.action, { method: "POST", body, credentials: "same-origin" });
    if (response.redirected) {
      window.location.assign(response.url);
      return;
    }
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const fresh = region.id ? page.getElementById(region.id) : null;
    if (!fresh) throw new Error(`the answer has no #${region.id}`);
    noticesToToasts(fresh);
    // Keep the focus where it was (the same control of the new form).
    const focused = [...form.elements].indexOf(document.activeElement as Element);
    const adopted = document.adoptNode(fresh);
    region.replaceWith(adopted);
    const next = adopted instanceof HTMLFormElement ? adopted : adopted.querySelector("form");
    markEnhanced(adopted, selector);
    if (next && focused >= 0) (next.elements[focused] as HTMLElement | undefined)?.focus();
  } catch {
    setBusy(form, false);
    toast(SEND_FAILED);
  }
}

function markEnhanced(root: ParentNode | Element, selector: string): void {
  if (root instanceof Element && root.matches(selector)) root.setAttribute("data-enhanced", "");
  for (const form of root.querySelectorAll(selector)) form.setAttribute("data-enhanced", "");
}

/**
 * Gives the forms matching `selector` their browser behaviour: the shared schema checks the
 * values first (messages inline next to the fields, a toast, focus on the first bad field, and
 * nothing sent); then the form is sent with fetch to the same action a plain post uses, with the
 * submit button busy. Without JavaScript the same forms post normally.
 */
export function enhanceForms(selector: string, check: (data: FormData, form: HTMLFormElement) => Check): void {
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.matches(selector)) return;
    event.preventDefault();
    if (form.hasAttribute("data-busy")) return;
    const data = new FormData(form, event.submitter);
    const result = check(data, form);
    showFieldErrors(form, result.ok ? {} : result.fieldErrors);
    if (!result.ok) {
      toast(result.notice);
      return;
    }
    void send(form, data, selector);
  });
  markEnhanced(document, selector);
}
