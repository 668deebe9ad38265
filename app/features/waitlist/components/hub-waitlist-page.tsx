import { memo, Suspense } from "react";
import { Link } from "react-router";
import { HubIcon } from "~/components/hub-icon";
import { lazyWhenShown } from "~/lib/lazy-when-shown";
import { FoundingMemberProgress } from "./founding-member-progress";
import type { SignUpProps } from "./waitlist-sign-up";

/** What every facility gets from a hub, whichever hub it is (spec section 2: four fixed benefits). */
export const FACILITY_BENEFITS = [
  "Join free and keep 80% of consultation fees",
  "Offer specialist consultations without hiring specialists",
  "Receive referrals and care plans from doctors across the network",
  "Coordinate follow-up with Sheela, our AI care-coordination assistant",
] as const;

function Check() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="mt-0.5 size-5 shrink-0 text-brand-700"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}

export function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul className="mt-4 space-y-3">
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-muted">
          <Check />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

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
  return (
    <div id={SIGN_UP_ID} className="card mt-6">
      <Suspense fallback={<p className="text-muted">Loading the sign-up form...</p>}>
        <WaitlistSignUp {...props} />
      </Suspense>
    </div>
  );
});

/**
 * A coming-soon hub's page (spec section 2), with its waitlist sign-up (waitlist-sign-up.tsx).
 */
export function HubWaitlistPage({ hub, actionData, initialTab }: SignUpProps) {
  return (
    <main id="main">
      <section className={`${hub.bgColor} border-b border-slate-200`}>
        <div className="container-page py-12 sm:py-16">
          <div className="flex flex-wrap items-center gap-3">
            <span
              className={`inline-flex size-12 items-center justify-center rounded-xl bg-white shadow-sm ${hub.color}`}
            >
              <HubIcon name={hub.icon} className="size-7" />
            </span>
            {/* The planned date from the hub's data; once it has passed, no stale promise. */}
            <p className="rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-800 shadow-sm">
              {hub.launchDate ? `Launching ${hub.launchDate}` : "Launching soon"}
            </p>
          </div>
          <h1 className="mt-5 text-3xl font-extrabold tracking-tight sm:text-5xl">{hub.title}</h1>
          <p className="mt-4 max-w-3xl text-lg text-muted">{hub.description}</p>
          <p className="mt-3 text-sm text-muted">
            <span className="font-semibold text-ink">Launch countries:</span> {hub.countries.join(", ")}
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <a href={`#${JOIN_ID}`} className="btn-primary">
              Join the Waitlist
            </a>
          </div>
        </div>
      </section>

      <section aria-labelledby="problem-heading" className="container-page py-12">
        <div className="grid gap-6 md:grid-cols-2">
          <div className="card">
            <h2 id="problem-heading" className="text-xl font-bold">
              The problem
            </h2>
            <p className="mt-3 leading-7 text-muted">{hub.salesPitch.problem}</p>
            <p className="mt-3 leading-7 text-muted">{hub.salesPitch.agitation}</p>
          </div>
          <div className="card border-brand-200 bg-brand-50">
            <h2 className="text-xl font-bold">How the hub helps</h2>
            <p className="mt-3 leading-7 text-ink">{hub.salesPitch.solution}</p>
          </div>
        </div>
      </section>

      <section aria-labelledby="benefits-heading" className="bg-slate-50 py-12">
        <div className="container-page">
          <h2 id="benefits-heading" className="text-2xl font-bold">
            Who benefits
          </h2>
          <div className="mt-6 grid gap-6 md:grid-cols-2">
            <div className="card">
              <h3 className="text-lg font-semibold">For healthcare professionals</h3>
              <CheckList items={hub.salesPitch.benefits} />
              {hub.targetAudience.length > 0 ? (
                <p className="mt-4 text-sm text-muted">
                  <span className="font-semibold text-ink">Built for:</span> {hub.targetAudience.join(", ")}
                </p>
              ) : null}
            </div>
            <div className="card">
              <h3 className="text-lg font-semibold">For healthcare facilities</h3>
              <CheckList items={FACILITY_BENEFITS} />
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="perks-heading" className="container-page py-12">
        <div className="card">
          <h2 id="perks-heading" className="text-2xl font-bold">
            Founding-member perks
          </h2>
          <p className="mt-2 text-muted">Join before launch to be among the first in the {hub.title} hub.</p>
          <CheckList items={hub.foundingMemberPerks} />
          <FoundingMemberProgress taken={hub.foundingMembersTaken} capacity={hub.foundingMemberCapacity} />
        </div>
      </section>

      <section id={JOIN_ID} aria-labelledby="join-heading" className="bg-slate-50 py-12">
        <div className="container-page max-w-3xl">
          <h2 id="join-heading" className="text-2xl font-bold">
            Join the waitlist
          </h2>
          <p className="mt-2 text-muted">
            Professionals join as founding members; facilities register interest in partnering. We email a confirmation
            straight away.
          </p>
          <SignUpCard hub={hub} actionData={actionData} initialTab={initialTab} />
        </div>
      </section>

      <section aria-labelledby="providers-heading" className="container-page py-12">
        <h2 id="providers-heading" className="text-2xl font-bold">
          Facilities: list free or grow with premium marketing
        </h2>
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <div className="card">
            <h3 className="text-lg font-semibold">Free listing</h3>
            <CheckList
              items={[
                "Join the network at no cost",
                "Keep 80% of every consultation fee",
                "Receive specialist referrals through the hub",
              ]}
            />
          </div>
          <div className="card border-brand-200">
            <h3 className="text-lg font-semibold">Premium patient acquisition</h3>
            <CheckList
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
          <Link to="/for-facilities" className="btn-secondary">
            Compare facility packages
          </Link>
        </div>
      </section>

      <section aria-labelledby="more-heading" className="border-t border-slate-200 py-12">
        <div className="container-page text-center">
          <h2 id="more-heading" className="text-xl font-bold">
            Not the hub you were looking for?
          </h2>
          <div className="mt-5 flex flex-wrap justify-center gap-3">
            <Link to="/hubs" className="btn-primary">
              Explore Other Hubs
            </Link>
            <Link to="/contact" className="btn-secondary">
              Contact Us
            </Link>
          </div>
        </div>
      </section>
    </main>
  );
}

/** Unknown or live hub ids (spec section 8: "Hub Not Found"). */
export function HubNotFound() {
  return (
    <main id="main" className="container-page flex min-h-[60vh] flex-col items-center justify-center py-16 text-center">
      <h1 className="text-3xl font-bold">Hub Not Found</h1>
      <p className="mt-3 max-w-md text-muted">There is no hub at this address. Every hub is listed on the hubs page.</p>
      <Link to="/hubs" className="btn-primary mt-6">
        Back to Hubs
      </Link>
    </main>
  );
}
