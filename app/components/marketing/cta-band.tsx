import { Link } from "react-router";
import { useLocalePath, useT } from "~/i18n/react";

type CtaLink = { label: string; to: string };

/** A page of this site navigates on the client; anything else (mailto:, another site) is a plain link. */
function CtaAnchor({ link, className }: { link: CtaLink; className: string }) {
  const t = useT();
  const to = useLocalePath();
  return link.to.startsWith("/") ? (
    <Link to={to(link.to)} className={className}>
      {t(link.label)}
    </Link>
  ) : (
    <a href={link.to} className={className}>
      {t(link.label)}
    </a>
  );
}

/** Closing call to action on a dark band. */
export function CtaBand({
  id,
  title,
  intro,
  primary,
  secondary,
}: {
  id: string;
  title: string;
  intro: string;
  primary: CtaLink;
  secondary: CtaLink;
}) {
  const t = useT();
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="bg-brand-900 py-14 text-white sm:py-20">
      <div className="container-page text-center">
        <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t(title)}
        </h2>
        <p className="mx-auto mt-3 max-w-xl leading-7 text-brand-100">{t(intro)}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <CtaAnchor link={primary} className="btn bg-white text-brand-900 hover:bg-brand-50" />
          <CtaAnchor link={secondary} className="btn border border-white text-white hover:bg-brand-800" />
        </div>
      </div>
    </section>
  );
}
