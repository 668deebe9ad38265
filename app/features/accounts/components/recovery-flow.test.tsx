// @vitest-environment happy-dom

import { I18nProvider } from "@lingui/react";
import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { parseSubmission } from "~/components/forms/schema-form";
import { catalogueI18n } from "../../../../tests/helpers/catalogue-translate";
import { cleanupDom, renderInRouter, renderServerHtml } from "../../../../tests/helpers/render-in-router";
import { type RecoveryAnswer, SECRET_FIELDS } from "../action-data";
import {
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_MISMATCH_TOAST,
  PASSWORD_UPDATED,
  WEAK_PASSWORD_MESSAGE,
  WEAK_PASSWORD_TOAST,
} from "../new-password-rules";
import { newPasswordSchema } from "../new-password-schema";
import { EMPTY_BAR_CLASS } from "../password-strength";
import { PasswordStrengthMeter } from "./password-strength-meter";
import { newPasswordToast, RecoveryFlow, recoveryState } from "./recovery-flow";

afterEach(cleanupDom);

const done = () => {};

/** The action's answer to a refused new password, as the route builds it. */
function refused(password: string, confirmPassword: string): RecoveryAnswer {
  const form = new FormData();
  form.set("intent", "update");
  form.set("access_token", "secret-access");
  form.set("password", password);
  form.set("confirmPassword", confirmPassword);
  const submission = parseSubmission(form, newPasswordSchema);
  if (submission.status !== "error") throw new Error("expected a refused password");
  const first = Object.values(submission.error ?? {}).flat()[0] ?? "";
  return {
    intent: "update",
    status: "failed",
    result: submission.reply({ hideFields: SECRET_FIELDS }),
    toast: newPasswordToast(first),
  };
}

/** What a control's aria-describedby points at (its hint and its error), as text. */
function descriptionOf(control: HTMLElement): string {
  return (control.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ");
}

// The reset link is read from the address by the browser, so what these screens show before
// React runs (and without JavaScript: a plain post's answer) is the server's rendering.
describe("the reset screens", () => {
  it("follow the action's answer", () => {
    expect(recoveryState(undefined)).toBe("validating");
    expect(recoveryState({ intent: "validate", valid: true })).toBe("form");
    expect(recoveryState({ intent: "validate", valid: false })).toBe("invalid");
    expect(recoveryState({ intent: "update", status: "invalid", result: {} })).toBe("invalid");
    expect(recoveryState({ intent: "update", status: "updated", result: {} })).toBe("success");
    expect(recoveryState(refused("abc", "abc"))).toBe("form");
  });

  it("give a refused password the spec's toast", () => {
    expect(newPasswordToast(WEAK_PASSWORD_MESSAGE)).toBe(WEAK_PASSWORD_TOAST);
    expect(newPasswordToast(PASSWORD_MISMATCH_MESSAGE)).toBe(PASSWORD_MISMATCH_TOAST);
    expect(newPasswordToast("Password must be at least 8 characters")).toEqual({
      title: "Password Update Failed",
      description: "Password must be at least 8 characters",
      variant: "destructive",
    });
    expect(refused("abc", "abc")).toMatchObject({ toast: WEAK_PASSWORD_TOAST });
    expect(refused("abcdefgH1", "abcdefgH2")).toMatchObject({ toast: PASSWORD_MISMATCH_TOAST });
  });

  it("start with the loading screen, which explains itself without JavaScript", () => {
    for (const path of ["/reset-password", "/auth?type=recovery"]) {
      const page = renderServerHtml(<RecoveryFlow onFinished={done} />, path);
      expect(within(page).getByRole("heading", { level: 1, name: "Reset Your Password" })).toBeTruthy();
      expect(within(page).getByRole("status").textContent).toBe("Loading...");
      // No role reaches inside <noscript>: its text is read as the browser without JavaScript shows it.
      expect(page.querySelector("noscript")?.textContent).toContain("Setting a new password needs JavaScript");
      expect(within(page).queryByRole("heading", { name: "Set a New Password" })).toBeNull();
      cleanupDom();
    }
  });

  it("render a plain post's refusal: the form, the notice in the page, the field's message, no secret echoed", () => {
    const page = renderServerHtml(<RecoveryFlow answer={refused("abcdefgH1", "abcdefgH2")} onFinished={done} />);
    expect(within(page).getByRole("heading", { level: 1, name: "Set a New Password" })).toBeTruthy();
    expect(within(within(page).getByRole("alert")).getByText("Password Mismatch")).toBeTruthy();
    const confirm = within(page).getByLabelText(/^Confirm New Password/);
    expect(confirm.id).toBe("recovery-confirmPassword");
    expect(confirm.getAttribute("aria-invalid")).toBe("true");
    expect(descriptionOf(confirm)).toBe("Passwords do not match");
    const button = within(page).getByRole("button", { name: "Update Password" }) as HTMLButtonElement;
    const form = button.form!;
    expect(form.getAttribute("action")).toBe("/reset-password");
    expect(form.getAttribute("method")).toBe("post");
    const token = form.elements.namedItem("access_token") as HTMLInputElement;
    expect(token.type).toBe("hidden");
    expect(token.value).toBe("");
    expect(page.innerHTML).not.toContain("abcdefgH1");
    expect(page.innerHTML).not.toContain("secret-access");
    // The button is off until a strong, confirmed password is typed (spec section 4).
    expect(button.disabled).toBe(true);
    expect(within(page).getByText("Very Weak")).toBeTruthy();
  });

  it("render the link refused and the update confirmed", () => {
    const invalid = renderServerHtml(
      <RecoveryFlow answer={{ intent: "update", status: "invalid", result: {} }} onFinished={done} />,
    );
    expect(within(invalid).getByRole("heading", { level: 1, name: "Reset Link Invalid or Expired" })).toBeTruthy();
    expect(within(invalid).getByRole("link", { name: "Request New Reset Link" }).getAttribute("href")).toBe(
      "/forgot-password",
    );
    expect(within(invalid).getByRole("link", { name: "Back to Sign In" }).getAttribute("href")).toBe("/auth");
    cleanupDom();
    const updated = renderServerHtml(
      <RecoveryFlow
        answer={{ intent: "update", status: "updated", result: {}, toast: { ...PASSWORD_UPDATED, variant: "success" } }}
        onFinished={done}
      />,
    );
    const status = within(updated).getByRole("status");
    expect(within(status).getByRole("heading", { level: 1, name: "Password Updated Successfully!" })).toBeTruthy();
    expect(within(status).getByText(PASSWORD_UPDATED.description)).toBeTruthy();
  });
});

describe("the strength meter", () => {
  it("shows the score of the password it is given", () => {
    const cases: Array<[string, string, number]> = [
      ["", "Very Weak", 0],
      ["abcdefgh", "Weak", 2],
      ["abcdefgH", "Fair", 3],
      ["abcdefgH1", "Good", 4],
      ["N3w-Passw0rd!", "Strong", 5],
    ];
    const { container, rerender } = renderInRouter(<PasswordStrengthMeter password="" id="m" />);
    for (const [password, label, score] of cases) {
      rerender(<PasswordStrengthMeter password={password} id="m" />);
      // Announced as it changes: the label, and the score for screen readers.
      const line = screen.getByText("Password strength:", { exact: false });
      expect(line.getAttribute("aria-live")).toBe("polite");
      expect(line.textContent).toBe(`Password strength: ${label} (${score} of 5)`);
      // The bar (hidden from screen readers, which read the line): `score` of its 5 steps filled.
      const steps = [...(container.querySelector('[aria-hidden="true"]')?.children ?? [])];
      expect(steps).toHaveLength(5);
      expect(steps.filter((step) => step.classList.contains(EMPTY_BAR_CLASS))).toHaveLength(5 - score);
    }
  });
});

describe("the strength meter in French", () => {
  it("says the score in French, with the label the catalogue gives", () => {
    render(
      <I18nProvider i18n={catalogueI18n("fr")}>
        <PasswordStrengthMeter password="abcdefgH" id="m" />
      </I18nProvider>,
    );
    expect(screen.getByText("Robustesse du mot de passe :", { exact: false }).textContent).toBe(
      "Robustesse du mot de passe : Moyenne (3 sur 5)",
    );
  });
});
