import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { toast } from "~/components/ui/toast";
import type { RecoveryActionData } from "../action-data";
import type { FieldErrors } from "../form-errors";
import {
  blockedSubmitToast,
  type NewPasswordField,
  PASSWORD_UPDATED,
  WEAK_PASSWORD_MESSAGE,
} from "../new-password-schema";
import { MIN_STRENGTH, passwordStrength } from "../password-strength";
import { InputField } from "./field";
import { PasswordStrengthMeter } from "./password-strength-meter";

export type RecoveryTokens = { accessToken: string; refreshToken: string };

/** Reads `type=recovery&access_token=...&refresh_token=...` from the address fragment (or query). */
export function readRecoveryTokens(location: { hash: string; search: string }): RecoveryTokens | null {
  for (const source of [location.hash.replace(/^#/, ""), location.search.replace(/^\?/, "")]) {
    const params = new URLSearchParams(source);
    if (params.get("type") !== "recovery") continue;
    const accessToken = params.get("access_token");
    const refreshToken = params.get("refresh_token");
    if (accessToken && refreshToken) return { accessToken, refreshToken };
  }
  return null;
}

/** True when the address asks for recovery mode (even with tokens missing). */
export function isRecoveryAddress(location: { hash: string; search: string }): boolean {
  return [location.hash.replace(/^#/, ""), location.search.replace(/^\?/, "")].some(
    (source) => new URLSearchParams(source).get("type") === "recovery",
  );
}

type State = "validating" | "invalid" | "form" | "success";
const REDIRECT_AFTER_MS = 3000;

/**
 * Set a new password from a reset link (spec sections 2, 4, 5 and 8): validating, invalid,
 * form and success. The tokens stay in the page (the fragment is removed from the address);
 * the server checks them again when the new password is sent.
 */
export function RecoveryFlow({ headingLevel = 1 }: { headingLevel?: 1 | 2 }) {
  const [state, setState] = useState<State>("validating");
  const [tokens, setTokens] = useState<RecoveryTokens | null>(null);
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors<NewPasswordField>>({});
  const validator = useFetcher<RecoveryActionData>();
  const updater = useFetcher<RecoveryActionData>();
  const navigate = useNavigate();
  const started = useRef(false);

  // Read the link once, check it on the server, and take the tokens out of the address bar.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const found = readRecoveryTokens(window.location);
    if (!found) {
      setState("invalid");
      return;
    }
    setTokens(found);
    window.history.replaceState(window.history.state, "", window.location.pathname);
    validator.submit(
      { intent: "validate", access_token: found.accessToken, refresh_token: found.refreshToken },
      { method: "post", action: "/reset-password" },
    );
  }, [validator]);

  useEffect(() => {
    const answer = validator.data;
    if (answer?.intent === "validate") setState(answer.valid ? "form" : "invalid");
  }, [validator.data]);

  useEffect(() => {
    const answer = updater.data;
    if (answer?.intent !== "update") return;
    if (answer.status === "updated") {
      setState("success");
      toast({ ...answer.toast, variant: "success" });
      // Shown for 3 seconds, then to sign in (the server has already ended every session).
      const timer = setTimeout(() => navigate("/auth", { replace: true }), REDIRECT_AFTER_MS);
      return () => clearTimeout(timer);
    }
    if (answer.status === "invalid") setState("invalid");
    else {
      setErrors(answer.fieldErrors);
      toast(answer.toast);
    }
  }, [updater.data, navigate]);

  const Heading = headingLevel === 1 ? "h1" : "h2";
  const score = passwordStrength(password);
  const ready = score >= MIN_STRENGTH && password === confirmPassword && password.length > 0;
  const submitting = updater.state !== "idle";

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const blocked = blockedSubmitToast(password, confirmPassword);
    if (blocked) {
      event.preventDefault();
      toast(blocked);
      return;
    }
    if (password.length < 8) {
      event.preventDefault();
      setErrors({ password: "Password must be at least 8 characters" });
      return;
    }
    setErrors({});
  }

  if (state === "validating") {
    return (
      <div className="text-center">
        <Heading className="text-2xl font-bold sm:text-3xl">Reset Your Password</Heading>
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
        <Heading className="text-2xl font-bold sm:text-3xl">Reset Link Invalid or Expired</Heading>
        <p className="mt-4 text-muted">
          This password reset link cannot be used. Reset links expire after 30 minutes, work only once, and stop working
          when a newer reset email is requested.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Link to="/forgot-password" className="btn-primary">
            Request New Reset Link
          </Link>
          <Link to="/auth" className="btn-secondary">
            Back to Sign In
          </Link>
        </div>
      </div>
    );
  }

  if (state === "success") {
    return (
      <div className="text-center" role="status">
        <Heading className="text-2xl font-bold sm:text-3xl">{PASSWORD_UPDATED.title}</Heading>
        <p className="mt-4 text-muted">{PASSWORD_UPDATED.description}</p>
        <p className="mt-2 text-sm text-muted">Taking you to the sign-in page...</p>
      </div>
    );
  }

  return (
    <div>
      <Heading className="text-2xl font-bold sm:text-3xl">Set a New Password</Heading>
      <p className="mt-2 text-muted">Choose a strong password you have not used here before.</p>
      <updater.Form method="post" action="/reset-password" noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="access_token" value={tokens?.accessToken ?? ""} />
        <input type="hidden" name="refresh_token" value={tokens?.refreshToken ?? ""} />
        <div>
          <InputField
            form="recovery"
            name="password"
            label="New Password"
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={setPassword}
            error={errors.password}
            hint={password && score < MIN_STRENGTH ? WEAK_PASSWORD_MESSAGE : undefined}
          />
          <PasswordStrengthMeter password={password} id="recovery-strength" />
        </div>
        <InputField
          form="recovery"
          name="confirmPassword"
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          required
          value={confirmPassword}
          onChange={setConfirmPassword}
          error={
            errors.confirmPassword ??
            (confirmPassword && confirmPassword !== password ? "Passwords do not match" : undefined)
          }
        />
        <button type="submit" className="btn-primary w-full" disabled={!ready || submitting}>
          {submitting ? "Updating Password..." : "Update Password"}
        </button>
      </updater.Form>
    </div>
  );
}
