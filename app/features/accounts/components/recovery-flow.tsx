import { InputField } from "~/components/ui/field";
import { InlineNotice } from "~/components/ui/notice";
import type { RecoveryActionData } from "../action-data";
import { PASSWORD_UPDATED } from "../new-password-rules";
import { PasswordStrengthMeter } from "./password-strength-meter";

export type RecoveryState = "validating" | "invalid" | "form" | "success";

/** Which screen the reset action's answer leads to (none yet: the link is being checked). */
export function recoveryState(answer: RecoveryActionData | undefined): RecoveryState {
  if (!answer) return "validating";
  if (answer.intent === "validate") return answer.valid ? "form" : "invalid";
  if (answer.status === "updated") return "success";
  return answer.status === "invalid" ? "invalid" : "form";
}

/**
 * Set a new password from a reset link (spec sections 2, 4, 5 and 8): validating, invalid, form
 * and success, rendered on the server from the reset action's answer. The tokens are in the
 * address fragment, which only the browser sees: the page script (enhance/pages/reset-password.ts)
 * reads them, takes them out of the address, asks this action whether they are valid and puts
 * its answer (this rendering) in place; it then runs the strength meter and sends the new
 * password. The server checks the tokens again when the new password is sent.
 */
export function RecoveryFlow({ answer }: { answer?: RecoveryActionData }) {
  const state = recoveryState(answer);
  return (
    // One height for every screen (the form, the tallest, is about 370 px on a phone): the server's
    // answer replaces "Loading..." without moving the footer (layout shift 0.166 -> 0 in Lighthouse).
    <div id="recovery" data-form-region data-recovery-state={state} className="flex min-h-96 flex-col justify-center">
      <RecoveryScreen state={state} answer={answer} />
    </div>
  );
}

function RecoveryScreen({ state, answer }: { state: RecoveryState; answer: RecoveryActionData | undefined }) {
  if (state === "validating") {
    return (
      <div className="text-center">
        <h1 className="text-2xl font-bold sm:text-3xl">Reset Your Password</h1>
        <p role="status" className="mt-4 text-muted">
          Loading...
        </p>
        <noscript>
          <p className="mt-4 text-muted">
            Setting a new password needs JavaScript, which reads the reset link in your browser. Please turn it on, then
            open the link from your email again.
          </p>
        </noscript>
      </div>
    );
  }

  if (state === "invalid") {
    return (
      <div className="text-center">
        <h1 className="text-2xl font-bold sm:text-3xl">Reset Link Invalid or Expired</h1>
        <p className="mt-4 text-muted">
          This password reset link cannot be used. Reset links expire after 30 minutes, work only once, and stop working
          when a newer reset email is requested.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <a href="/forgot-password" className="btn-primary">
            Request New Reset Link
          </a>
          <a href="/auth" className="btn-secondary">
            Back to Sign In
          </a>
        </div>
      </div>
    );
  }

  if (state === "success") {
    return (
      <div
        className="text-center"
        role="status"
        data-notice="success"
        data-notice-title={PASSWORD_UPDATED.title}
        data-notice-description={PASSWORD_UPDATED.description}
        data-notice-stays
      >
        <h1 className="text-2xl font-bold sm:text-3xl">{PASSWORD_UPDATED.title}</h1>
        <p className="mt-4 text-muted">{PASSWORD_UPDATED.description}</p>
        <p className="mt-2 text-sm text-muted">Taking you to the sign-in page...</p>
      </div>
    );
  }

  const failed = answer?.intent === "update" && answer.status === "failed" ? answer : undefined;
  return (
    <div>
      <h1 className="text-2xl font-bold sm:text-3xl">Set a New Password</h1>
      <p className="mt-2 text-muted">Choose a strong password you have not used here before.</p>
      {failed ? <InlineNotice {...failed.toast} className="mt-6" /> : null}
      <form id="recovery-form" method="post" action="/reset-password" noValidate className="mt-6 space-y-5">
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="access_token" value="" />
        <input type="hidden" name="refresh_token" value="" />
        <div>
          <InputField
            form="recovery"
            name="password"
            label="New Password"
            type="password"
            autoComplete="new-password"
            required
            error={failed?.fieldErrors.password}
          />
          <PasswordStrengthMeter password="" id="recovery-strength" />
        </div>
        <InputField
          form="recovery"
          name="confirmPassword"
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          required
          error={failed?.fieldErrors.confirmPassword}
        />
        <button type="submit" className="btn-primary w-full" disabled data-busy-label="Updating Password...">
          Update Password
        </button>
      </form>
    </div>
  );
}
