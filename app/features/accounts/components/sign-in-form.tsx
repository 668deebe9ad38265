import { type FormEvent, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { toast, useToastOnResult } from "~/components/ui/toast";
import { useHydrated } from "~/lib/use-hydrated";
import type { SignInActionData } from "../action-data";
import { type FieldErrors, readFields, VALIDATION_TOAST, validateForm } from "../form-errors";
import { SIGN_IN_FIELDS, type SignInField, signInSchema } from "../sign-in-schema";
import { focusFirstError, InputField, Notice } from "./field";

/** Sign in (spec sections 2 and 5). Posts to the /auth action; works without JavaScript. */
export function SignInForm({ result }: { result: SignInActionData | undefined }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "signin";
  // The browser's findings hold until the server answers again.
  const [client, setClient] = useState<{ result: typeof result; errors: FieldErrors<SignInField> } | null>(null);
  useToastOnResult(result);
  const errors = client && client.result === result ? client.errors : (result?.fieldErrors ?? {});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const check = validateForm(signInSchema, readFields(new FormData(form), SIGN_IN_FIELDS));
    if (check.ok) {
      setClient({ result, errors: {} });
      return;
    }
    // A failed validation sends nothing (spec section 4).
    event.preventDefault();
    setClient({ result, errors: check.fieldErrors });
    toast(VALIDATION_TOAST);
    focusFirstError(form, check.fieldErrors);
  }

  return (
    <>
      {!hydrated && result ? <Notice {...result.toast} /> : null}
      <Form method="post" action="/auth?tab=signin" noValidate onSubmit={onSubmit} className="space-y-5">
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
          <Link to="/forgot-password" className="text-sm font-medium text-brand-700 underline hover:text-brand-800">
            Forgot your password?
          </Link>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={submitting}>
          {submitting ? "Signing In..." : "Sign In"}
        </button>
      </Form>
    </>
  );
}
