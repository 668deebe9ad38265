import { lazy, memo, Suspense, useCallback, useEffect, useState } from "react";
import {
  data,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useNavigate,
  useSearchParams,
} from "react-router";
import { actorHeaders, getActor } from "~/auth/actor.server";
import { dashboardPath } from "~/auth/roles";
import { fieldErrorsOf, parseSubmission } from "~/components/forms/schema-form";
import { InlineNotice } from "~/components/ui/notice";
import { SITE } from "~/content/site";
import type { Db } from "~/db/client.server";
import { db } from "~/db/database.server";
import { registerAction, signInAction } from "~/features/accounts/account-actions.server";
import { listFacilityChoices, type RequestMeta } from "~/features/accounts/accounts.server";
import type { AuthAnswer, RegisterAnswer } from "~/features/accounts/action-data";
import { SECRET_FIELDS } from "~/features/accounts/action-data";
import { type AccountTab, AccountTabs, accountTabOf } from "~/features/accounts/components/account-tabs";
import { SignInForm } from "~/features/accounts/components/sign-in-form";
import { VALIDATION_TOAST } from "~/features/accounts/form-errors";
import { isRecoveryAddress } from "~/features/accounts/recovery-link";
import { registerSchema } from "~/features/accounts/register-schema";
import { signInSchema } from "~/features/accounts/sign-in-schema";
import { lazyWhenShown } from "~/lib/lazy-when-shown";
import { requestInfo } from "~/lib/request-context.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/auth";
import { postedForm } from "./posted-form.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Sign In or Register",
    description: `Sign in to your ${SITE.name} dashboard, or register as a doctor, facility administrator or system administrator.`,
    path: "/auth",
  });

/** Signed-in users go to their dashboard, except in password recovery (spec section 2). */
export async function loader({ request }: Route.LoaderArgs) {
  const database = await db();
  const url = new URL(request.url);
  const actor = await getActor(database, request);
  const headers = await actorHeaders(database, request);
  if (actor.kind === "user" && url.searchParams.get("type") !== "recovery") {
    throw redirect(dashboardPath(actor.role), { headers });
  }
  return data(
    {
      facilities: await listFacilityChoices(database),
      verificationFailed: url.searchParams.get("verification") === "invalid",
    },
    { headers },
  );
}

/**
 * Recovery mode posts to /reset-password; this page's data does not change with it (and a
 * signed-in user in recovery mode is not sent to the dashboard halfway through).
 */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formAction === "/reset-password" ? false : defaultShouldRevalidate;
}

/**
 * Sign in and register share /auth: the `intent` field picks the form. The form's schema runs
 * first (the same one the browser ran); the domain adapter checks again and does the work.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  const meta = { ip: requestInfo(context).ip, request };
  const database = await db();
  return form.get("intent") === "register" ? await register(database, form, meta) : await signIn(database, form, meta);
}

async function signIn(database: Db, form: FormData, meta: RequestMeta) {
  const submission = parseSubmission(form, signInSchema);
  if (submission.status !== "success") {
    return data<AuthAnswer>(
      { intent: "signin", result: submission.reply({ hideFields: SECRET_FIELDS }), toast: VALIDATION_TOAST },
      { status: 400 },
    );
  }
  const answer = await signInAction(database, form, meta);
  // Signed in: the dashboard, with the session cookie.
  if ("redirect" in answer) throw redirect(answer.redirect, { headers: answer.headers });
  return data<AuthAnswer>(
    {
      intent: "signin",
      result: submission.reply({ fieldErrors: fieldErrorsOf(answer.body.fieldErrors), hideFields: SECRET_FIELDS }),
      toast: answer.body.toast,
    },
    { status: answer.status },
  );
}

async function register(database: Db, form: FormData, meta: RequestMeta) {
  const submission = parseSubmission(form, registerSchema);
  if (submission.status !== "success") {
    return data<AuthAnswer>(
      {
        intent: "register",
        status: "invalid",
        result: submission.reply({ hideFields: SECRET_FIELDS }),
        toast: VALIDATION_TOAST,
      },
      { status: 400 },
    );
  }
  const answer = await registerAction(database, form, meta);
  const body = answer.body;
  if (body.status === "registered") {
    return data<AuthAnswer>({
      intent: "register",
      status: "registered",
      result: submission.reply({ resetForm: true }),
      toast: body.toast,
    });
  }
  return data<AuthAnswer>(
    {
      intent: "register",
      status: body.status,
      result: submission.reply({ fieldErrors: fieldErrorsOf(body.fieldErrors), hideFields: SECRET_FIELDS }),
      toast: body.toast,
    },
    { status: answer.status },
  );
}

/**
 * Sign In is what most visitors came for; the Register form (its schema, its password rules and
 * meter) and the recovery flow (a reset link's page) load when shown, not with the page
 * (docs/decisions/022-first-paint-on-slow-networks.md). Before the Register form's code is here,
 * the server's HTML of it is a plain form that posts.
 */
const REGISTER_PANEL_ID = "register-panel";
const RegisterForm = lazyWhenShown(
  () => import("~/features/accounts/components/register-form").then((m) => ({ default: m.RegisterForm })),
  REGISTER_PANEL_ID,
);
const RecoveryFlow = lazy(() =>
  import("~/features/accounts/components/recovery-flow").then((m) => ({ default: m.RecoveryFlow })),
);

const loading = <p className="py-6 text-center text-muted">Loading...</p>;

/**
 * Memoized: a boundary React has not hydrated yet must not be given new props (React would drop
 * the server's HTML and draw it again); a tab change leaves these as they are.
 */
const RegisterPanel = memo(function RegisterPanel(props: {
  answer: RegisterAnswer | undefined;
  facilities: Route.ComponentProps["loaderData"]["facilities"];
  onSignIn: () => void;
}) {
  return (
    <div id={REGISTER_PANEL_ID}>
      <Suspense fallback={loading}>
        <RegisterForm {...props} />
      </Suspense>
    </div>
  );
});

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const { hash, search } = useLocation();
  const navigate = useNavigate();

  // Recovery mode: `?type=recovery` (the server sees it), or a reset link's fragment (read here).
  const [recovery, setRecovery] = useState(searchParams.get("type") === "recovery");
  useEffect(() => {
    if (isRecoveryAddress({ hash, search })) setRecovery(true);
  }, [hash, search]);
  // The new password is set: recovery mode ends, on the sign-in page (spec section 4).
  const finishRecovery = useCallback(() => {
    setRecovery(false);
    navigate("/auth", { replace: true });
  }, [navigate]);

  const [tab, setTab] = useState<AccountTab>(actionData?.intent ?? accountTabOf(searchParams.get("tab")));
  const showSignIn = useCallback(() => setTab("signin"), []);

  if (recovery) {
    return (
      <main id="main" className="container-page py-10 sm:py-16">
        <div className="card mx-auto max-w-md p-6 sm:p-8">
          <Suspense fallback={loading}>
            <RecoveryFlow onFinished={finishRecovery} />
          </Suspense>
        </div>
      </main>
    );
  }

  return (
    <main id="main" className="container-page py-10 sm:py-16">
      <div className="mx-auto max-w-md">
        <h1 className="text-center text-2xl font-bold sm:text-3xl">Welcome to {SITE.name}</h1>
        <p className="mt-2 text-center text-muted">
          Sign in to your dashboard, or register to refer patients and manage referrals.
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
