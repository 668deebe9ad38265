import { useCallback, useEffect, useState } from "react";
import { redirect, type ShouldRevalidateFunctionArgs, useLocation, useNavigate, useSearchParams } from "react-router";
import { actorOf } from "~/auth/context.server";
import { dashboardPath } from "~/auth/roles";
import { InlineNotice } from "~/components/ui/notice";
import { SITE } from "~/content/site";
import { dbOf } from "~/db/context.server";
import { listFacilityChoices } from "~/features/accounts/accounts.server";
import { authPageAction } from "~/features/accounts/auth-page.server";
import { type AccountTab, AccountTabs, accountTabOf } from "~/features/accounts/components/account-tabs";
import { RecoveryPanel, RegisterPanel } from "~/features/accounts/components/auth-panels";
import { SignInForm } from "~/features/accounts/components/sign-in-form";
import { isRecoveryAddress } from "~/features/accounts/recovery-link";
import { localeOfPath, pathWithoutLocale } from "~/i18n/locales";
import { useLocalePath, useT } from "~/i18n/react";
import { requestInfo } from "~/lib/request-context.server";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/auth";
import { postedForm } from "./posted-form.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Sign In or Register",
    description: `Sign in to your ${SITE.name} dashboard, or register as a doctor, facility administrator or system administrator.`,
    path: "/auth",
  });

/** Signed-in users go to their dashboard, except in password recovery (spec section 2). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const actor = await actorOf(context);
  if (actor.kind === "user" && url.searchParams.get("type") !== "recovery") {
    throw redirect(dashboardPath(actor.role));
  }
  return {
    facilities: await listFacilityChoices(dbOf(context)),
    verificationFailed: url.searchParams.get("verification") === "invalid",
  };
}

/**
 * Recovery mode posts to /reset-password; this page's data does not change with it (and a
 * signed-in user in recovery mode is not sent to the dashboard halfway through).
 */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formAction && pathWithoutLocale(formAction) === "/reset-password" ? false : defaultShouldRevalidate;
}

/** Sign in and register share /auth: features/accounts/auth-page.server.ts answers both. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  const locale = localeOfPath(new URL(request.url).pathname);
  return authPageAction(dbOf(context), form, { ip: requestInfo(context).ip, request, locale });
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const { hash, search } = useLocation();
  const navigate = useNavigate();
  const t = useT();
  const to = useLocalePath();

  // Recovery mode: `?type=recovery` (the server sees it), or a reset link's fragment (read here).
  const [recovery, setRecovery] = useState(searchParams.get("type") === "recovery");
  useEffect(() => {
    if (isRecoveryAddress({ hash, search })) setRecovery(true);
  }, [hash, search]);
  // The new password is set: recovery mode ends, on the sign-in page (spec section 4).
  const finishRecovery = useCallback(() => {
    setRecovery(false);
    navigate(to("/auth"), { replace: true });
  }, [navigate, to]);

  const [tab, setTab] = useState<AccountTab>(actionData?.intent ?? accountTabOf(searchParams.get("tab")));
  const showSignIn = useCallback(() => setTab("signin"), []);

  if (recovery) return <RecoveryPanel onFinished={finishRecovery} />;

  return (
    <main id="main" className="container-page py-10 sm:py-16">
      <div className="mx-auto max-w-md">
        <h1 className="text-center text-2xl font-bold sm:text-3xl">{t("auth.welcome", { site: SITE.name })}</h1>
        <p className="mt-2 text-center text-muted">
          {t("Sign in to your dashboard, or register to refer patients and manage referrals.")}
        </p>
        <div className="card mt-8 p-5 sm:p-8">
          {loaderData.verificationFailed ? (
            <InlineNotice
              title="Verification link invalid or expired"
              description="Sign in with your email and password and we will send you a new verification link."
              variant="destructive"
            />
          ) : null}
          <AccountTabs
            value={tab}
            onValueChange={setTab}
            signIn={<SignInForm answer={actionData?.intent === "signin" ? actionData : undefined} />}
            register={
              <RegisterPanel
                answer={actionData?.intent === "register" ? actionData : undefined}
                facilities={loaderData.facilities}
                onSignIn={showSignIn}
              />
            }
          />
        </div>
      </div>
    </main>
  );
}
