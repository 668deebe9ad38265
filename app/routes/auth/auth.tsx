import { data, redirect, useSearchParams } from "react-router";
import { actorHeaders, getActor } from "~/auth/actor.server";
import { dashboardPath } from "~/auth/roles";
import { InlineNotice } from "~/components/ui/notice";
import { SITE } from "~/content/site";
import { db } from "~/db/database.server";
import { registerAction, signInAction } from "~/features/accounts/account-actions.server";
import { listFacilityChoices } from "~/features/accounts/accounts.server";
import { AccountTabs } from "~/features/accounts/components/account-tabs";
import { RecoveryFlow } from "~/features/accounts/components/recovery-flow";
import { RegisterForm } from "~/features/accounts/components/register-form";
import { SignInForm } from "~/features/accounts/components/sign-in-form";
import { requestInfo } from "~/lib/request-context.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/auth";

/** No React in the browser: the tabs and the forms' checks are a page script (enhance/pages/auth.ts). */
export const handle = {};

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

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const meta = { ip: requestInfo(context).ip, request };
  const database = await db();
  if (form.get("intent") === "register") {
    const answer = await registerAction(database, form, meta);
    return data(answer.body, { status: answer.status });
  }
  const answer = await signInAction(database, form, meta);
  if ("redirect" in answer) throw redirect(answer.redirect, { headers: answer.headers });
  return data(answer.body, { status: answer.status });
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  // A reset link's fragment is only visible in the browser: the page script sends it on to
  // /reset-password. Here the query asks for recovery mode.
  if (searchParams.get("type") === "recovery") {
    return (
      <main id="main" className="container-page py-10 sm:py-16">
        <div className="card mx-auto max-w-md p-6 sm:p-8">
          <RecoveryFlow />
        </div>
      </main>
    );
  }

  const tab = actionData?.intent ?? (searchParams.get("tab") === "register" ? "register" : "signin");
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
            initial={tab}
            signIn={<SignInForm result={actionData?.intent === "signin" ? actionData : undefined} />}
            register={
              <RegisterForm
                result={actionData?.intent === "register" ? actionData : undefined}
                facilities={loaderData.facilities}
              />
            }
          />
        </div>
      </div>
    </main>
  );
}
