import { getFormProps } from "@conform-to/react";
import { useEffect, useEffectEvent, useState } from "react";
import { type FetcherWithComponents, Link, useFetcher, useLocation } from "react-router";
import { FormNotice } from "~/components/forms/form-parts";
import { useSchemaForm } from "~/components/forms/schema-form";
import { InputField } from "~/components/ui/field";
import type { ToastMessage } from "~/components/ui/toaster";
import { useToastOf } from "~/components/ui/toaster";
import { useLocalePath, useT } from "~/i18n/react";
import type { RecoveryAnswer } from "../action-data";
import {
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_MISMATCH_TOAST,
  PASSWORD_UPDATED,
  WEAK_PASSWORD_MESSAGE,
  WEAK_PASSWORD_TOAST,
} from "../new-password-rules";
import { newPasswordSchema } from "../new-password-schema";
import { MIN_STRENGTH, passwordStrength } from "../password-strength";
import { type RecoveryTokens, readRecoveryTokens } from "../recovery-link";
import { PasswordStrengthMeter } from "./password-strength-meter";

export type RecoveryState = "validating" | "invalid" | "form" | "success";

/** The spec's 3 seconds between "Password Updated Successfully!" and the sign-in page. */
export const REDIRECT_AFTER_MS = 3000;

/** The reset action's address: /auth's recovery mode posts there too. */
const RESET_ACTION = "/reset-password";

/** Which screen the reset action's answer leads to (none yet: the link is being checked). */
export function recoveryState(answer: RecoveryAnswer | undefined): RecoveryState {
  if (!answer) return "validating";
  if (answer.intent === "validate") return answer.valid ? "form" : "invalid";
  if (answer.status === "updated") return "success";
  return answer.status === "invalid" ? "invalid" : "form";
}

/** The spec's toast for a new password the schema refuses (section 5, blocked submit). */
export function newPasswordToast(message: string): ToastMessage {
  if (message === WEAK_PASSWORD_MESSAGE) return WEAK_PASSWORD_TOAST;
  if (message === PASSWORD_MISMATCH_MESSAGE) return PASSWORD_MISMATCH_TOAST;
  return { title: "Password Update Failed", description: message, variant: "destructive" };
}

/**
 * The reset link's tokens, read from the address (its fragment, which only the browser sees):
 * undefined until read (the server's rendering, and without JavaScript), null when the address
 * has none. Once read they leave the address bar and the history entry. A fragment-only change
 * (a second link opened in the same tab) is read again.
 */
export function useRecoveryLink(): RecoveryTokens | null | undefined {
  const { pathname, search, hash } = useLocation();
  const [link, setLink] = useState<RecoveryTokens | null>();
  useEffect(() => {
    const tokens = readRecoveryTokens({ hash, search });
    if (!tokens) {
      setLink((current) => current ?? null);
      return;
    }
    setLink((current) =>
      current?.accessToken === tokens.accessToken && current.refreshToken === tokens.refreshToken ? current : tokens,
    );
    // Not a navigation (no loader runs, nothing re-renders): the address only forgets the tokens.
    window.history.replaceState(window.history.state, "", pathname);
  }, [pathname, search, hash]);
  return link;
}

/**
 * Set a new password from a reset link (spec sections 2, 4, 5 and 8): validating, invalid, form
 * and success. The tokens travel in the address fragment: once React runs it reads them, asks the
 * reset action whether they are still good, then shows the form (strength meter, the button off
 * until the password is strong enough and confirmed); the new password goes with the tokens to
 * the same action, which checks them again. After "Password Updated Successfully!" (the server
 * has ended every session), `onFinished` 3 seconds later. Without JavaScript the link cannot be
 * read: the page says so; a plain post to the action still gets its answer rendered here.
 */
export function RecoveryFlow({ answer, onFinished }: { answer?: RecoveryAnswer; onFinished: () => void }) {
  const link = useRecoveryLink();
  if (link) {
    return <RecoveryLinkFlow key={`${link.accessToken} ${link.refreshToken}`} tokens={link} onFinished={onFinished} />;
  }
  return <PostedAnswer answer={answer} state={link === null ? "invalid" : recoveryState(answer)} />;
}

/** One link: checked once, then the form posts with its tokens. */
function RecoveryLinkFlow({ tokens, onFinished }: { tokens: RecoveryTokens; onFinished: () => void }) {
  const check = useFetcher<RecoveryAnswer>();
  const update = useFetcher<RecoveryAnswer>();
  const { submit } = check;
  useEffect(() => {
    submit(
      { intent: "validate", access_token: tokens.accessToken, refresh_token: tokens.refreshToken },
      { method: "post", action: RESET_ACTION },
    );
  }, [submit, tokens]);
  const state = recoveryState(update.data ?? check.data);
  const finish = useEffectEvent(onFinished);
  useEffect(() => {
    if (state !== "success") return;
    const timer = setTimeout(finish, REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [state]);
  return <RecoveryScreen state={state} fetcher={update} tokens={tokens} />;
}

/** Before the address is read (or without one): a plain post's answer, or "Loading...". */
function PostedAnswer({ answer, state }: { answer: RecoveryAnswer | undefined; state: RecoveryState }) {
  const fetcher = useFetcher<RecoveryAnswer>();
  const shown = fetcher.data ? recoveryState(fetcher.data) : state;
  return <RecoveryScreen state={shown} fetcher={fetcher} tokens={null} answer={fetcher.data ? undefined : answer} />;
}

function RecoveryScreen({
  state,
  fetcher,
  tokens,
  answer,
}: {
  state: RecoveryState;
  fetcher: FetcherWithComponents<RecoveryAnswer>;
  tokens: RecoveryTokens | null;
  /** The answer of a plain post, rendered by the server. */
  answer?: RecoveryAnswer;
}) {
  return (
    // One height for every screen (the form, the tallest, is about 370 px on a phone): the form
    // replaces "Loading..." without moving the footer.
    <div className="flex min-h-96 flex-col justify-center">
      {state === "validating" ? (
        <Validating />
      ) : state === "invalid" ? (
        <InvalidLink />
      ) : state === "success" ? (
        <Updated answer={fetcher.data ?? answer} />
      ) : (
        <NewPasswordForm fetcher={fetcher} tokens={tokens} answer={answer} />
      )}
    </div>
  );
}

function Validating() {
  const t = useT();
  return (
    <div className="text-center">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("Reset Your Password")}</h1>
      <p role="status" className="mt-4 text-muted">
        {t("Loading...")}
      </p>
      <noscript>
        <p className="mt-4 text-muted">
          {t(
            "Setting a new password needs JavaScript, which reads the reset link in your browser. Please turn it on, then open the link from your email again.",
          )}
        </p>
      </noscript>
    </div>
  );
}

function InvalidLink() {
  const t = useT();
  const to = useLocalePath();
  return (
    <div className="text-center">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("Reset Link Invalid or Expired")}</h1>
      <p className="mt-4 text-muted">
        {t(
          "This password reset link cannot be used. Reset links expire after 30 minutes, work only once, and stop working when a newer reset email is requested.",
        )}
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to={to("/forgot-password")} className="btn-primary">
          {t("Request New Reset Link")}
        </Link>
        <Link to={to("/auth")} className="btn-secondary">
          {t("Back to Sign In")}
        </Link>
      </div>
    </div>
  );
}

function Updated({ answer }: { answer: RecoveryAnswer | undefined }) {
  const t = useT();
  useToastOf(answer && "toast" in answer ? answer : undefined);
  return (
    <div className="text-center" role="status">
      <h1 className="text-2xl font-bold sm:text-3xl">{t(PASSWORD_UPDATED.title)}</h1>
      <p className="mt-4 text-muted">{t(PASSWORD_UPDATED.description)}</p>
      <p className="mt-2 text-sm text-muted">{t("Taking you to the sign-in page...")}</p>
    </div>
  );
}

function NewPasswordForm({
  fetcher,
  tokens,
  answer: posted,
}: {
  fetcher: FetcherWithComponents<RecoveryAnswer>;
  tokens: RecoveryTokens | null;
  answer?: RecoveryAnswer;
}) {
  const latest = fetcher.data ?? posted;
  const answer = latest?.intent === "update" ? latest : undefined;
  const [form, fields] = useSchemaForm(newPasswordSchema, {
    id: "recovery",
    lastResult: answer?.result,
    invalidToast: newPasswordToast,
  });
  const password = fields.password.value ?? "";
  const confirm = fields.confirmPassword.value ?? "";
  const score = passwordStrength(password);
  // The spec's blocked submit: off until the password is strong enough and confirmed.
  const ready = score >= MIN_STRENGTH && password === confirm;
  const busy = fetcher.state !== "idle";
  const t = useT();
  const to = useLocalePath();
  return (
    <div>
      <h1 className="text-2xl font-bold sm:text-3xl">{t("Set a New Password")}</h1>
      <p className="mt-2 text-muted">{t("Choose a strong password you have not used here before.")}</p>
      <div className="mt-6">
        <FormNotice answer={answer} />
        <fetcher.Form
          method="post"
          action={to(RESET_ACTION)}
          {...getFormProps(form)}
          className="space-y-5"
          onInput={(event) => {
            // "Passwords do not match" follows the typing once a confirmation has been typed.
            const confirmation = event.currentTarget.elements.namedItem("confirmPassword");
            if (confirmation instanceof HTMLInputElement && confirmation.value !== "") {
              form.validate({ name: fields.confirmPassword.name });
            }
          }}
        >
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="access_token" value={tokens?.accessToken ?? ""} />
          <input type="hidden" name="refresh_token" value={tokens?.refreshToken ?? ""} />
          <div>
            <InputField
              field={fields.password}
              label={t("New Password")}
              type="password"
              autoComplete="new-password"
              required
              hint={password !== "" && score < MIN_STRENGTH ? t(WEAK_PASSWORD_MESSAGE) : undefined}
            />
            <PasswordStrengthMeter password={password} id="recovery-strength" />
          </div>
          <InputField
            field={fields.confirmPassword}
            label={t("Confirm New Password")}
            type="password"
            autoComplete="new-password"
            required
          />
          <button type="submit" className="btn-primary w-full" disabled={!ready} aria-disabled={busy || undefined}>
            {busy ? t("Updating Password...") : t("Update Password")}
          </button>
        </fetcher.Form>
      </div>
    </div>
  );
}
