import { AUDIENCES, HERO } from "~/content/home";
import { useLocalePath, useT } from "~/i18n/react";
import { Icon } from "./icon";

/**
 * The home page's opening: the promise, the two calls to action and the three
 * audiences, each a card that is one link. Plain links: the home page ships no JavaScript.
 */
export function HomeHero() {
  const t = useT();
  const to = useLocalePath();
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-b from-brand-50 to-white pt-12 pb-14 sm:pt-20">
      <div className="container-page">
        <div className="grid items-center gap-10 lg:grid-cols-[1.2fr_1fr]">
          <div>
            <p className="text-sm font-semibold text-brand-700">{t(HERO.eyebrow)}</p>
            <h1 id="hero-title" className="mt-2 text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
              {t(HERO.title)}
            </h1>
            <p className="mt-4 max-w-xl text-lg leading-8 text-muted">{t(HERO.intro)}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <a href={to(HERO.primary.to)} className="btn-primary">
                {t(HERO.primary.label)}
              </a>
              <a href={to(HERO.secondary.to)} className="btn-secondary">
                {t(HERO.secondary.label)}
              </a>
            </div>
          </div>
          <NetworkIllustration />
        </div>
        <ul aria-label={t("Who we serve")} className="mt-12 grid gap-4 md:grid-cols-3">
          {AUDIENCES.map((a) => (
            <li key={a.title} className="card relative flex flex-col gap-2 hover:shadow-md">
              <span className="inline-flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon name={a.icon} />
              </span>
              <h2 className="text-lg font-bold">{t(a.title)}</h2>
              <p className="text-sm leading-6 text-muted">{t(a.description)}</p>
              <a
                href={to(a.to)}
                className="mt-auto inline-flex items-center gap-1 pt-2 text-sm font-semibold text-brand-700 after:absolute after:inset-0"
              >
                {t(a.cta)}
                <Icon name="arrow-right" className="size-4" />
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** A small hand-drawn network: specialists (top) linked to local facilities (bottom). */
function NetworkIllustration() {
  return (
    <svg
      viewBox="0 0 400 300"
      width="400"
      height="300"
      className="mx-auto hidden h-auto w-full max-w-md lg:block"
      aria-hidden="true"
      focusable="false"
    >
      <g stroke="#b0e4db" strokeWidth="3" fill="none">
        <path d="M80 70 200 150 320 70M80 70l40 160M320 70l-40 160M200 150l-80 80M200 150l80 80M200 40v110" />
      </g>
      <g fill="#0d6156">
        <circle cx="200" cy="150" r="34" />
        <path d="M194 132h12v12h12v12h-12v12h-12v-12h-12v-12h12z" fill="#fff" />
      </g>
      <g fill="#14917f">
        <circle cx="80" cy="70" r="20" />
        <circle cx="320" cy="70" r="20" />
        <circle cx="200" cy="40" r="16" />
      </g>
      <g fill="#e8833a">
        <rect x="98" y="212" width="44" height="40" rx="8" />
        <rect x="258" y="212" width="44" height="40" rx="8" />
      </g>
      <g fill="#fff">
        <rect x="115" y="222" width="10" height="20" rx="2" />
        <rect x="275" y="222" width="10" height="20" rx="2" />
      </g>
    </svg>
  );
}
