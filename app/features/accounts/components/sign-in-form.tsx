import { InputField } from "~/components/ui/field";
import { InlineNotice } from "~/components/ui/notice";
import type { SignInActionData } from "../action-data";

/**
 * Sign in (spec sections 2 and 5), rendered on the server. Posts to the /auth action; without
 * JavaScript the answer shows in the page. With it the page script (enhance/pages/auth.ts)
 * checks the shared schema first and sends the form with fetch; this rendering of the answer
 * then replaces the form's region, and its message becomes a toast.
 */
export function SignInForm({ result }: { result: SignInActionData | undefined }) {
  const errors = result?.fieldErrors ?? {};
  return (
    <div id="signin-region" data-form-region>
      {result ? <InlineNotice {...result.toast} /> : null}
      <form id="signin-form" method="post" action="/auth?tab=signin" noValidate className="space-y-5">
        <input type="hidden" name="intent" value="signin" />
        <InputField
          form="signin"
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          defaultValue={result?.values.email}
          error={errors.email}
        />
        <InputField
          form="signin"
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <div className="flex justify-end">
          <a href="/forgot-password" className="text-sm font-medium text-brand-700 underline hover:text-brand-800">
            Forgot your password?
          </a>
        </div>
        <button type="submit" className="btn-primary w-full" data-busy-label="Signing In...">
          Sign In
        </button>
      </form>
    </div>
  );
}
