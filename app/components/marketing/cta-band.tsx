type CtaLink = { label: string; to: string };

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
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="bg-brand-900 py-14 text-white sm:py-20">
      <div className="container-page text-center">
        <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight sm:text-3xl">
          {title}
        </h2>
        <p className="mx-auto mt-3 max-w-xl leading-7 text-brand-100">{intro}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <a href={primary.to} className="btn bg-white text-brand-900 hover:bg-brand-50">
            {primary.label}
          </a>
          <a href={secondary.to} className="btn border border-white text-white hover:bg-brand-800">
            {secondary.label}
          </a>
        </div>
      </div>
    </section>
  );
}
