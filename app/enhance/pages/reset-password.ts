import {
  blockedSubmitToast,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_TOO_SHORT,
  WEAK_PASSWORD_MESSAGE,
} from "~/features/accounts/new-password-rules";
import {
  EMPTY_BAR_CLASS,
  MIN_STRENGTH,
  passwordStrength,
  strengthBarClass,
  strengthLabel,
} from "~/features/accounts/password-strength";
import { readRecoveryTokens } from "~/features/accounts/recovery-link";
import { enhanceForms, postAndSwap, SEND_FAILED, setFieldMessage } from "../forms";
import { markReady } from "../ready";
import { toast } from "../toast";

/**
 * /reset-password (spec sections 2, 4, 5 and 8): reads the link's tokens from the address,
 * takes them out of the address bar, and asks the server whether they are valid; the server's
 * answer (the form, or "invalid") replaces the loading screen. Then the strength meter, the
 * "Passwords do not match" message and the button follow the typing; the new password goes
 * with the tokens to the same action. After "Password Updated", the sign-in page 3 seconds later.
 */
const REDIRECT_AFTER_MS = 3000;
const tokens = readRecoveryTokens(window.location);
if (tokens) window.history.replaceState(window.history.state, "", window.location.pathname);

const field = (form: HTMLFormElement, name: string) => form.elements.namedItem(name) as HTMLInputElement | null;

/** The meter, the hint, the mismatch message and the button, from what is typed. */
function follow(form: HTMLFormElement) {
  const password = field(form, "password");
  const confirm = field(form, "confirmPassword");
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
  if (!password || !confirm || !button) return;
  const score = passwordStrength(password.value);
  const bars = form.querySelectorAll("[data-strength-bars] > span");
  bars.forEach((bar, index) => {
    bar.className = `h-1.5 flex-1 rounded-full ${index < score ? strengthBarClass(score) : EMPTY_BAR_CLASS}`;
  });
  const label = form.querySelector("[data-strength-label]");
  if (label) label.textContent = strengthLabel(score);
  const outOf = form.querySelector("[data-strength-score]");
  if (outOf) outOf.textContent = `(${score} of 5)`;
  setFieldMessage(password, "hint", password.value && score < MIN_STRENGTH ? WEAK_PASSWORD_MESSAGE : undefined);
  const mismatch = confirm.value !== "" && confirm.value !== password.value;
  setFieldMessage(confirm, "error", mismatch ? PASSWORD_MISMATCH_MESSAGE : undefined);
  if (!form.hasAttribute("data-busy")) {
    button.disabled = !(score >= MIN_STRENGTH && password.value === confirm.value && password.value.length > 0);
  }
}

/** What each screen needs once it is in the page. */
function onAnswer(region: HTMLElement) {
  const state = region.dataset.recoveryState;
  if (state === "success") {
    // The server has already ended every session.
    setTimeout(() => window.location.replace("/auth"), REDIRECT_AFTER_MS);
    return;
  }
  const form = region.querySelector<HTMLFormElement>("#recovery-form");
  if (state !== "form" || !form) return;
  const access = field(form, "access_token");
  const refresh = field(form, "refresh_token");
  if (access) access.value = tokens?.accessToken ?? "";
  if (refresh) refresh.value = tokens?.refreshToken ?? "";
  follow(form);
}

const region = document.getElementById("recovery");
if (region) {
  document.addEventListener("input", (event) => {
    const form = (event.target as Element).closest?.("form");
    if (form?.id === "recovery-form") follow(form);
  });
  enhanceForms(
    "#recovery-form",
    (data) => {
      const password = String(data.get("password") ?? "");
      const confirm = String(data.get("confirmPassword") ?? "");
      const blocked = blockedSubmitToast(password, confirm);
      if (blocked) {
        const mismatch = confirm !== "" && confirm !== password;
        return {
          ok: false,
          fieldErrors: mismatch ? { confirmPassword: PASSWORD_MISMATCH_MESSAGE } : {},
          notice: blocked,
        };
      }
      if (password.length < 8) return { ok: false, fieldErrors: { password: PASSWORD_TOO_SHORT } };
      return { ok: true };
    },
    { onAnswer },
  );
  const body = new URLSearchParams({
    intent: "validate",
    access_token: tokens?.accessToken ?? "",
    refresh_token: tokens?.refreshToken ?? "",
  });
  postAndSwap(region, "/reset-password", body)
    .then((fresh) => {
      if (fresh) onAnswer(fresh);
      markReady();
    })
    .catch(() => toast(SEND_FAILED));
}
