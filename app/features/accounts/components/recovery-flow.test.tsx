import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/components/forms/schema-form";
import { type RecoveryAnswer, SECRET_FIELDS } from "../action-data";
import {
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_MISMATCH_TOAST,
  PASSWORD_UPDATED,
  WEAK_PASSWORD_MESSAGE,
  WEAK_PASSWORD_TOAST,
} from "../new-password-rules";
import { newPasswordSchema } from "../new-password-schema";
import { PasswordStrengthMeter } from "./password-strength-meter";
import { newPasswordToast, RecoveryFlow, recoveryState } from "./recovery-flow";

/** The server's rendering (links and fetchers need a data router). */
function render(element: ReactNode, path = "/reset-password"): string {
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: [path] });
  return renderToString(<RouterProvider router={router} />);
}

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
      const html = render(<RecoveryFlow onFinished={done} />, path);
      expect(html).toContain("Reset Your Password");
      expect(html).toContain("Loading...");
      expect(html).toContain("<noscript>");
      expect(html).not.toContain("Set a New Password");
    }
  });

  it("render a plain post's refusal: the form, the notice in the page, the field's message, no secret echoed", () => {
    const html = render(<RecoveryFlow answer={refused("abcdefgH1", "abcdefgH2")} onFinished={done} />);
    expect(html).toContain("Set a New Password");
    expect(html).toMatch(/role="alert"[^>]*><p class="font-semibold">Password Mismatch</);
    expect(html).toMatch(/id="recovery-confirmPassword-error"[^>]*>Passwords do not match</);
    expect(html).toMatch(/<form[^>]*action="\/reset-password" method="post"/);
    expect(html).toMatch(/<input type="hidden" name="access_token" value=""\/>/);
    expect(html).not.toContain("abcdefgH1");
    expect(html).not.toContain("secret-access");
    // The button is off until a strong, confirmed password is typed (spec section 4).
    expect(html).toMatch(/<button type="submit"[^>]* disabled="">Update Password<\/button>/);
    expect(html).toMatch(/Password strength: <span[^>]*>Very Weak</);
  });

  it("render the link refused and the update confirmed", () => {
    const invalid = render(
      <RecoveryFlow answer={{ intent: "update", status: "invalid", result: {} }} onFinished={done} />,
    );
    expect(invalid).toContain("Reset Link Invalid or Expired");
    expect(invalid).toContain('href="/forgot-password"');
    expect(invalid).toContain('href="/auth"');
    const updated = render(
      <RecoveryFlow
        answer={{ intent: "update", status: "updated", result: {}, toast: { ...PASSWORD_UPDATED, variant: "success" } }}
        onFinished={done}
      />,
    );
    expect(updated).toMatch(/role="status"><h1[^>]*>Password Updated Successfully!</);
    expect(updated).toContain(PASSWORD_UPDATED.description);
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
    for (const [password, label, score] of cases) {
      const html = renderToString(<PasswordStrengthMeter password={password} id="m" />);
      expect(html).toMatch(new RegExp(`Password strength: <span[^>]*>${label}</span>`));
      expect(html).toContain(`(<!-- -->${score}<!-- --> of 5)`);
      expect(html.match(/bg-slate-200/g)?.length ?? 0).toBe(5 - score);
    }
  });
});
