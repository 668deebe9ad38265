import { type Notice, toast } from "./toast";

export type FieldErrors = Partial<Record<string, string>>;

/**
 * What a form's shared schema says about its values, in the browser, before anything is sent:
 * the messages go next to the fields, and the notice (if any) is a toast.
 */
export type Check = { ok: true } | { ok: false; fieldErrors: FieldErrors; notice?: Notice };

/** When the answer cannot be had (the network, the server). */
export const SEND_FAILED: Notice = {
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
 * Shows (or removes) a field's hint or error the way the server renders them: a paragraph with
 * the id `<field id>-hint` right after the field, or `<field id>-error` (`.field-error`) at the
 * end of the field's wrapper; both named by aria-describedby (hint first), and aria-invalid on a
 * field with an error.
 */
export function setFieldMessage(control: Control, kind: "hint" | "error", message: string | undefined): void {
  const id = `${control.id}-${kind}`;
  let paragraph = document.getElementById(id);
  if (message) {
    if (!paragraph) {
      paragraph = document.createElement("p");
      paragraph.id = id;
      paragraph.className = kind === "error" ? "field-error" : "mt-1 text-sm text-muted";
      if (kind === "hint") control.after(paragraph);
      else control.parentElement?.append(paragraph);
    }
    paragraph.textContent = message;
  } else {
    paragraph?.remove();
  }
  if (kind === "error") {
    if (message) control.setAttribute("aria-invalid", "true");
    else control.removeAttribute("aria-invalid");
  }
  const own = [`${control.id}-hint`, `${control.id}-error`];
  const others = (control.getAttribute("aria-describedby") ?? "").split(" ").filter((t) => t && !own.includes(t));
  const describedBy = [...others, ...own.filter((t) => document.getElementById(t))];
  if (describedBy.length > 0) control.setAttribute("aria-describedby", describedBy.join(" "));
  else control.removeAttribute("aria-describedby");
}

/** Every field of the form gets its message, or loses an old one; the first invalid field takes focus. */
export function showFieldErrors(form: HTMLFormElement, errors: FieldErrors): void {
  let first: Control | undefined;
  for (const control of controls(form)) {
    const message = errors[control.name];
    setFieldMessage(control, "error", message);
    if (message && !first) first = control;
  }
  first?.focus();
}

/**
 * Shows the server's answers in the page (`[data-notice]`: components/ui/notice.tsx) as toasts;
 * the in-page copy goes, unless it is the page's content (`data-notice-stays`).
 */
export function noticesToToasts(root: ParentNode): void {
  for (const notice of root.querySelectorAll<HTMLElement>("[data-notice]")) {
    const { notice: variant, noticeTitle: title = "", noticeDescription: description } = notice.dataset;
    toast({ title, description, variant: variant as Notice["variant"] });
    if (!notice.hasAttribute("data-notice-stays")) notice.remove();
  }
}

/**
 * Posts `body` to `action`, as the browser would without JavaScript, and puts the server's
 * rendering of the answer in place of `region` (found in the answer by its id); the answer's
 * in-page messages become toasts. A redirect is followed with a page load (and gives null).
 */
export async function postAndSwap(region: HTMLElement, action: string, body: URLSearchParams) {
  const response = await fetch(action, { method: "POST", body, credentials: "same-origin" });
  if (response.redirected) {
    window.location.assign(response.url);
    return null;
  }
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const fresh = region.id ? page.getElementById(region.id) : null;
  if (!fresh) throw new Error(`the answer has no #${region.id}`);
  noticesToToasts(fresh);
  const adopted = document.adoptNode(fresh);
  region.replaceWith(adopted);
  return adopted;
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

function markEnhanced(root: ParentNode, selector: string): void {
  if (root instanceof Element && root.matches(selector)) root.setAttribute("data-enhanced", "");
  for (const form of root.querySelectorAll(selector)) form.setAttribute("data-enhanced", "");
}

type Options = {
  /** Runs after the server's answer is in place (the form's region, new). */
  onAnswer?: (region: HTMLElement) => void;
};

/**
 * Sends the form to its own action with fetch and puts the answer in place of the form's
 * region (`[data-form-region]`, or the form itself; either has an id): field errors, kept or
 * cleared values, or what follows a success. The submit button says it is busy meanwhile, and
 * the focus stays on the same control.
 */
async function send(form: HTMLFormElement, data: FormData, selector: string, options: Options): Promise<void> {
  const region = form.closest<HTMLElement>("[data-form-region]") ?? form;
  const focused = [...form.elements].indexOf(document.activeElement as Element);
  const onlyForm = region.querySelectorAll("form").length === 1;
  const body = new URLSearchParams();
  for (const [name, value] of data) if (typeof value === "string") body.append(name, value);
  setBusy(form, true);
  let fresh: HTMLElement | null;
  try {
    fresh = await postAndSwap(region, form.action, body);
  } catch {
    setBusy(form, false);
    toast(SEND_FAILED);
    return;
  }
  if (!fresh) return;
  markEnhanced(fresh, selector);
  // The same form in the answer (the region itself, its only form, or found by its id), if it is still there.
  const next =
    fresh instanceof HTMLFormElement
      ? fresh
      : form.id
        ? fresh.querySelector<HTMLFormElement>(`form#${CSS.escape(form.id)}`)
        : onlyForm
          ? fresh.querySelector("form")
          : null;
  if (next && focused >= 0) (next.elements[focused] as HTMLElement | undefined)?.focus();
  options.onAnswer?.(fresh);
}

/**
 * Gives the forms matching `selector` their browser behaviour: the shared schema checks the
 * values first (messages inline next to the fields, focus on the first bad field, a toast, and
 * nothing sent); then the form is sent with fetch to the same action a plain post uses. Without
 * JavaScript the same forms post normally and the server shows the same messages in the page.
 */
export function enhanceForms(
  selector: string,
  check: (data: FormData, form: HTMLFormElement) => Check,
  options: Options = {},
): void {
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.matches(selector)) return;
    // A button that closes its dialog (formmethod="dialog") is left to the browser.
    if (event.submitter?.getAttribute("formmethod") === "dialog") return;
    event.preventDefault();
    if (form.hasAttribute("data-busy")) return;
    const data = new FormData(form, event.submitter);
    const result = check(data, form);
    showFieldErrors(form, result.ok ? {} : result.fieldErrors);
    if (!result.ok) {
      if (result.notice) toast(result.notice);
      return;
    }
    void send(form, data, selector, options);
  });
  markEnhanced(document, selector);
}
