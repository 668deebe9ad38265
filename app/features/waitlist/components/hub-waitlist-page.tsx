import { memo, Suspense } from "react";
import { Link } from "react-router";
import { launchDateIn } from "~/i18n/launch-date-in";
import { useLocale, useLocalePath, useT } from "~/i18n/react";
import { lazyWhenShown } from "~/lib/lazy-when-shown";
import { FoundingMemberProgress } from "./founding-member-progress";
import { AudienceCards, CheckList, HubHero, useHubTexts } from "./hub-parts";
import type { SignUpProps } from "./waitlist-sign-up";

const JOIN_ID = "join";
const SIGN_UP_ID = "sign-up";

/**
 * The sign-up tabs and forms, the page's only behaviour, far down the page: their code (the forms,
 * their schemas, the tabs) loads when the card comes near the screen, not with the page
 * (docs/decisions/022-first-paint-on-slow-networks.md). Until then the server's HTML is a plain
 * form that posts, with tabs that are links.
 */
const WaitlistSignUp = lazyWhenShown(() => import("./waitlist-sign-up"), SIGN_UP_ID);

/**
 * Memoized: a boundary React has not hydrated yet must not be given new props (React would drop
 * the server's HTML and draw it again); these change only with the answer to a post.
 */
const SignUpCard = memo(function SignUpCard(props: SignUpProps) {
  const t = useT();
  return (
    <div id={SIGN_UP_ID} className="card mt-6">
      <Suspense fallback={<p className="text-muted">{t("Loading the sign-up form...")}</p>}>
        <WaitlistSignUp {...props} />
      </Suspense>
    </div>
  );
});

/**
 * A coming-soon hub's page (spec section 2), with its waitlist sign-up (waitlist-sign-up.tsx).
 */
export function HubWaitlistPage({ hub, actionData, initialTab }: SignUpProps) {
  const t = useT();
  const to = useLocalePath();
  const locale = useLocale();
  const { title, lang } = useHubTexts(hub);
  return (
    <main id="main">
      <HubHero
        hub={hub}
        countriesLabel={t("Launch countries:")}
        status={
          // The planned date from the hub's data; once it has passed, no stale promise.
          <p className="rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-800 shadow-sm">
            {hub.launchDate ? t("hub.launching", { date: launchDateIn(locale, hub.launchDate) }) : t("Launching soon")}
          </p>
        }
      >
        <a href={`#${JOIN_ID}`} className="btn-primary">
          {t("Join the Waitlist")}
        </a>
      </HubHero>

      <section aria-labelledby="problem-heading" className="container-page py-12">
        <div className="grid gap-6 md:grid-cols-2">
          <div className="card">
            <h2 id="problem-heading" className="text-xl font-bold">
              {t("The problem")}
            </h2>
            <p className="mt-3 leading-7 text-muted" lang={lang}>
              {hub.salesPitch.problem}
            </p>
            <p className="mt-3 leading-7 text-muted" lang={lang}>
              {hub.salesPitch.agitation}
            </p>
          </div>
          <div className="card border-brand-200 bg-brand-50">
            <h2 className="text-xl font-bold">{t("How the hub helps")}</h2>
            <p className="mt-3 leading-7 text-ink" lang={lang}>
              {hub.salesPitch.solution}
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="benefits-heading" className="bg-slate-50 py-12">
        <div className="container-page">
          <h2 id="benefits-heading" className="text-2xl font-bold">
            {t("Who benefits")}
          </h2>
          <div className="mt-6 grid gap-6 md:grid-cols-2">
            <AudienceCards hub={hub} />
          </div>
        </div>
      </section>

      <section aria-labelledby="perks-heading" className="container-page py-12">
        <div className="card">
          <h2 id="perks-heading" className="text-2xl font-bold">
            {t("Founding-member perks")}
          </h2>
          <p className="mt-2 text-muted">{t("hub.perks.lead", { hub: title.text })}</p>
          <CheckList items={hub.foundingMemberPerks} lang={lang} />
          <FoundingMemberProgress taken={hub.foundingMembersTaken} capacity={hub.foundingMemberCapacity} />
        </div>
      </section>

      <section id={JOIN_ID} aria-labelledby="join-heading" className="bg-slate-50 py-12">
        <div className="container-page max-w-3xl">
          <h2 id="join-heading" className="text-2xl font-bold">
            {t("Join the waitlist")}
          </h2>
          <p className="mt-2 text-muted">
            {t(
              "Professionals join as founding members; facilities register interest in partnering. We email a confirmation straight away.",
            )}
          </p>
          <SignUpCard hub={hub} actionData={actionData} initialTab={initialTab} />
        </div>
      </section>

      <section aria-labelledby="providers-heading" className="container-page py-12">
        <h2 id="providers-heading" className="text-2xl font-bold">
          {t("Facilities: list free or grow with premium marketing")}
        </h2>
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <div className="card">
            <h3 className="text-lg font-semibold">{t("Free listing")}</h3>
            <CheckList
              translate
              items={[
                "Join the network at no cost",
                "Keep 80% of every consultation fee",
                "Receive specialist referrals through the hub",
              ]}
            />
          </div>
          <div className="card border-brand-200">
            <h3 className="text-lg font-semibold">{t("Premium patient acquisition")}</h3>
            <CheckList
              translate
              items={[
                "20% commission only on confirmed bookings from our marketing",
                "No upfront or monthly fees",
                "A landing page valued at ₵2,500, included free",
                "Cancel anytime with 30 days' notice",
              ]}
            />
          </div>
        </div>
        <div className="mt-6">
          <Link to={to("/for-facilities")} className="btn-secondary">
            {t("Compare facility packages")}
          </Link>
        </div>
      </section>

      <section aria-labelledby="more-heading" className="border-t border-slate-200 py-12">
        <div className="container-page text-center">
          <h2 id="more-heading" className="text-xl font-bold">
            {t("Not the hub you were looking for?")}
          </h2>
          <div className="mt-5 flex flex-wrap justify-center gap-3">
            <Link to={to("/hubs")} className="btn-primary">
              {t("Explore Other Hubs")}
            </Link>
            <Link to={to("/contact")} className="btn-secondary">
              {t("Contact Us")}
            </Link>
          </div>
        </div>
      </section>
    </main>
  );
}

/** Unknown or live hub ids (spec section 8: "Hub Not Found"). */
export function HubNotFound() {
  const t = useT();
  const to = useLocalePath();
  return (
    <main id="main" className="container-page flex min-h-[60vh] flex-col items-center justify-center py-16 text-center">
      <h1 className="text-3xl font-bold">{t("Hub Not Found")}</h1>
      <p className="mt-3 max-w-md text-muted">
        {t("There is no hub at this address. Every hub is listed on the hubs page.")}
      </p>
      <Link to={to("/hubs")} className="btn-primary mt-6">
        {t("Back to Hubs")}
      </Link>
    </main>
  );
}
