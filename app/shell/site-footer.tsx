import { Link } from "react-router";
import { FOOTER_GROUPS } from "~/content/navigation";
import { SITE } from "~/content/site";
import { useLocalePath, useT } from "~/i18n/react";
import { Logo } from "./logo";

export function SiteFooter() {
  const year = new Date().getFullYear();
  const t = useT();
  const to = useLocalePath();
  return (
    <footer className="mt-16 bg-brand-900 text-brand-50">
      <div className="container-page grid gap-10 py-12 md:grid-cols-4">
        <div>
          <Logo tone="light" />
          <p className="mt-3 text-sm text-brand-100">
            {t(SITE.tagline)}. {t("Ghana first, then Nigeria, Kenya and South Africa.")}
          </p>
          <ul className="mt-4 flex flex-wrap gap-2" aria-label={t("Social media")}>
            {SITE.social.map((s) => (
              <li key={s.href}>
                <a
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm text-brand-100 underline-offset-4 hover:underline"
                >
                  {s.label}
                  <span className="sr-only"> {t("(opens in a new tab)")}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.title} aria-label={t(group.title)}>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{t(group.title)}</h2>
            <ul className="mt-3 space-y-1">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={to(link.to)}
                    className="inline-block py-1.5 text-sm text-brand-100 hover:text-white hover:underline"
                  >
                    {t(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-brand-800">
        <p className="container-page py-5 text-sm text-brand-100">{t("footer.copyright", { year, name: SITE.name })}</p>
      </div>
    </footer>
  );
}
