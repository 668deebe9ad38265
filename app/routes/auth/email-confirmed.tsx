import { Link } from "react-router";
import { SITE } from "~/content/site";
import { useLocalePath, useT } from "~/i18n/react";
import type { RouteHandle } from "~/lib/route-handle";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/email-confirmed";

/** A content page (no JavaScript, the same for everyone): where a confirmed verification link lands. */
export const handle: RouteHandle = { hydrate: false, static: true };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Email Address Confirmed",
    description: "Your email address is confirmed. What happens next with your account.",
    noindex: true,
  });

const NEXT_STEPS = [
  {
    title: "An administrator reviews your account",
    body: `Every account on ${SITE.name} is approved by a system administrator before it can act: doctors before they refer patients, facility administrators before they see their facility's referrals.`,
  },
  {
    title: "We email you when it is approved",
    body: "Approval usually takes one working day. The email comes to the address you just confirmed.",
  },
  {
    title: "Then sign in and start",
    body: "You can sign in now: until approval your dashboard says your account is awaiting review.",
  },
] as const;

/** Confirming an address says so and what happens next, instead of landing on the home page. */
export default function EmailConfirmedPage() {
  const t = useT();
  const to = useLocalePath();
  return (
    <main id="main" className="container-page flex min-h-[60vh] flex-col items-center justify-center py-16">
      <div className="card w-full max-w-xl p-8">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t("Email address confirmed")}</p>
        <h1 className="mt-2 text-2xl font-bold">{t("Thank you, your email address is confirmed")}</h1>
        <h2 className="mt-6 text-lg font-semibold">{t("What happens next")}</h2>
        <ol className="mt-3 space-y-4">
          {NEXT_STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-3">
              <span
                aria-hidden="true"
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-bold text-brand-800"
              >
                {index + 1}
              </span>
              <div>
                <p className="font-semibold">{t(step.title)}</p>
                <p className="text-muted">{t(step.body)}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to={to("/auth")} className="btn-primary">
            {t("Sign In")}
          </Link>
          <Link to={to("/")} className="btn-secondary">
            {t("Return to Home")}
          </Link>
        </div>
      </div>
    </main>
  );
}
