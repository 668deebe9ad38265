import { getFormProps } from "@conform-to/react";
import { Form, Link, redirect } from "react-router";
import { actorOf } from "~/auth/context.server";
import { dashboardPath } from "~/auth/roles";
import { FormNotice, SubmitButton } from "~/components/forms/form-parts";
import { useSchemaForm } from "~/components/forms/schema-form";
import { InputField } from "~/components/ui/field";
import { SITE } from "~/content/site";
import { dbOf } from "~/db/context.server";
import { phoneSignInAction } from "~/features/accounts/phone-sign-in-page.server";
import { phoneCodeRequestSchema, phoneCodeSignInSchema } from "~/features/accounts/phone-sign-in-schema";
import { useLocalePath, useT } from "~/i18n/react";
import { requestInfo } from "~/lib/request-context.server";
import type { RouteHandle } from "~/lib/route-handle";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/phone-sign-in";
import { postedForm } from "./posted-form.server";

/**
 * /auth/phone, "Sign in with your phone": the confirmed mobile number, then the 6-digit
 * code sent to it by SMS. Two plain forms: a content page, no JavaScript (so /auth's script does
 * not grow). docs/decisions/042.
 */
export const handle: RouteHandle = { hydrate: false };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Sign in with your phone",
    description: `Sign in to your ${SITE.name} dashboard with a code sent by SMS to your confirmed mobile number.`,
    path: "/auth/phone",
    noindex: true,
  });

/** Signed in already: the dashboard, as on /auth. */
export async function loader({ context }: Route.LoaderArgs) {
  const actor = await actorOf(context);
  if (actor.kind === "user") throw redirect(dashboardPath(actor.role));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  return phoneSignInAction(dbOf(context), form, { ip: requestInfo(context).ip, request });
}

export default function PhoneSignIn({ actionData }: Route.ComponentProps) {
  const answer = actionData ?? undefined;
  // The code's step: after a code was asked for (sent or not: the answer is the same), or a code was tried.
  const codeStep = answer?.intent === "verify" || (answer?.intent === "send" && answer.ok);
  const [numberForm, numberFields] = useSchemaForm(phoneCodeRequestSchema, {
    id: "phone-number",
    lastResult: answer?.intent === "send" ? answer.result : undefined,
  });
  const [codeForm, codeFields] = useSchemaForm(phoneCodeSignInSchema, {
    id: "phone-code",
    lastResult: answer?.intent === "verify" ? answer.result : undefined,
  });
  const phone = answer?.phone ?? "";
  const t = useT();
  const to = useLocalePath();
  return (
    <main id="main" className="container-page py-10 sm:py-16">
      <div className="mx-auto max-w-md">
        <h1 className="text-center text-2xl font-bold sm:text-3xl">{t("Sign in with your phone")}</h1>
        <p className="mt-2 text-center text-muted">
          {t("Type the mobile number you confirmed on your account. We send a 6-digit code to it by SMS.")}
        </p>
        <div className="card mt-8 space-y-5 p-5 sm:p-8">
          <FormNotice answer={answer} />
          {codeStep ? (
            <>
              <Form method="post" {...getFormProps(codeForm)} className="space-y-5">
                <input type="hidden" name="intent" value="verify" />
                <input type="hidden" name="phone" value={phone} />
                <p>
                  {t("Number:")} <strong>{phone}</strong>
                </p>
                <InputField
                  field={codeFields.code}
                  label={t("Code from the SMS")}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  required
                />
                <SubmitButton busy={false} busyLabel={t("Signing In...")} className="btn-primary w-full">
                  {t("Sign In")}
                </SubmitButton>
              </Form>
              <Form method="post" className="flex flex-wrap items-center justify-between gap-3">
                <input type="hidden" name="intent" value="send" />
                <input type="hidden" name="phone" value={phone} />
                <button type="submit" className="btn-secondary">
                  {t("Send a new code")}
                </button>
                <Link to={to("/auth/phone")} className="text-sm font-medium text-brand-700 underline">
                  {t("Use another number")}
                </Link>
              </Form>
            </>
          ) : (
            <Form method="post" {...getFormProps(numberForm)} className="space-y-5">
              <input type="hidden" name="intent" value="send" />
              <InputField
                field={numberFields.phone}
                label={t("Mobile number")}
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                required
              />
              <SubmitButton busy={false} busyLabel={t("Sending...")} className="btn-primary w-full">
                {t("Send code")}
              </SubmitButton>
            </Form>
          )}
          <p className="text-center text-sm">
            <Link to={to("/auth")} className="font-medium text-brand-700 underline">
              {t("Sign in with your email and password")}
            </Link>
          </p>
        </div>
      </div>
    </main>
  );
}
