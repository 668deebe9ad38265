import { InputField } from "~/components/ui/field";
import { InlineNotice } from "~/components/ui/notice";
import type { ForgotPasswordActionData } from "../action-data";

/**
 * Forgot password (spec sections 2, 5 and 8), rendered on the server: the form, then "Check
 * Your Email" with the next steps. The confirmation is the same whether or not the address has
 * an account. With JavaScript the page script (enhance/pages/forgot-password.ts) checks the
 * shared schema first and sends the form with fetch; this rendering of the answer then replaces
 * the region.
 */
export function ForgotPasswordForm({ result }: { result: ForgotPasswordActionData | undefined }) {
  return (
    <div id="forgot-password" data-form-region>
      <ForgotPasswordContent result={result} />
    </div>
  );
}

function ForgotPasswordContent({ result }: { result: ForgotPasswordActionData | undefined }) {
  if (result?.status === "sent") {
    return (
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Check Your Email</h1>
        <p className="mt-3 text-muted" role="status">
          If an account exists for <span className="font-semibold text-ink break-all">{result.email}</span>, we have
          sent it a link to reset the password.
        </p>
        <h2 className="mt-6 font-semibold">Next steps</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-6 text-muted">
          <li>Open the email from us and select the reset link.</li>
          <li>The link works for 30 minutes and only once; a newer request replaces it.</li>
          <li>No email after a few minutes? Check your spam or junk folder, or send another email.</li>
        </ol>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <a href="/forgot-password" className="btn-primary">
            Send Another Email
          </a>
          <a href="/auth" className="btn-secondary">
            Back to Sign In
          </a>
        </div>
      </div>
    );
  }

  const errors = result?.fieldErrors ?? {};

  return (
    <div>
      <h1 className="text-2xl font-bold sm:text-3xl">Forgot Your Password?</h1>
      <p className="mt-2 text-muted">Enter the email address of your account and we will send you a reset link.</p>
      <div className="mt-6">
        {result ? <InlineNotice {...result.toast} /> : null}
        <form id="forgot-password-form" method="post" action="/forgot-password" noValidate className="space-y-5">
          <InputField
            form="forgot"
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            defaultValue={result?.values.email}
            error={errors.email}
          />
          <button type="submit" className="btn-primary w-full" data-busy-label="Sending...">
            Send Reset Link
          </button>
        </form>
        <p className="mt-6 text-center text-sm">
          <a href="/auth" className="font-medium text-brand-700 underline hover:text-brand-800">
            Back to Sign In
          </a>
        </p>
      </div>
    </div>
  );
}
