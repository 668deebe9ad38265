import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { RecoveryActionData } from "../action-data";
import { PASSWORD_MISMATCH_TOAST } from "../new-password-rules";
import { RecoveryFlow, recoveryState } from "./recovery-flow";

/** The server's rendering of the reset screen for an action answer (links need a router). */
function render(answer?: RecoveryActionData): string {
  const router = createMemoryRouter([{ path: "/", element: <RecoveryFlow answer={answer} /> }]);
  return renderToString(<RouterProvider router={router} />);
}

describe("the reset screens (server render)", () => {
  it("follow the action's answer", () => {
    expect(recoveryState(undefined)).toBe("validating");
    expect(recoveryState({ intent: "validate", valid: true })).toBe("form");
    expect(recoveryState({ intent: "validate", valid: false })).toBe("invalid");
    expect(recoveryState({ intent: "update", status: "invalid" })).toBe("invalid");
    expect(recoveryState({ intent: "update", status: "updated", toast: { title: "t" } })).toBe("success");
    expect(recoveryState({ intent: "update", status: "failed", fieldErrors: {}, toast: PASSWORD_MISMATCH_TOAST })).toBe(
      "form",
    );
  });

  it("start with the loading screen, which explains itself without JavaScript", () => {
    const html = render();
    expect(html).toContain('data-recovery-state="validating"');
    expect(html).toContain("Loading...");
    expect(html).toContain("<noscript>");
  });

  it("show the form with empty token fields and the button off until the password is good", () => {
    const html = render({ intent: "validate", valid: true });
    expect(html).toContain("Set a New Password");
    expect(html).toMatch(/<input type="hidden" name="access_token" value=""\/>/);
    expect(html).toMatch(/<button type="submit" class="[^"]*" disabled="" data-busy-label="Updating Password...">/);
    expect(html).toMatch(/Password strength:.*data-strength-label="true">Very Weak</);
  });

  it("keep a refused password's message for a toast, and the field error", () => {
    const html = render({
      intent: "update",
      status: "failed",
      fieldErrors: { confirmPassword: "Passwords do not match" },
      toast: PASSWORD_MISMATCH_TOAST,
    });
    expect(html).toContain(`data-notice-title="${PASSWORD_MISMATCH_TOAST.title}"`);
    expect(html).toMatch(/id="recovery-confirmPassword-error"[^>]*>Passwords do not match</);
  });

  it("confirm an update in the page and as a toast", () => {
    const html = render({ intent: "update", status: "updated", toast: { title: "Password Updated Successfully!" } });
    expect(html).toMatch(/role="status" data-notice="success" data-notice-title="Password Updated Successfully!"/);
    expect(html).toContain("data-notice-stays");
  });
});
