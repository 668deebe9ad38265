import { Icon } from "./icon";

/**
 * FAQ accordion (spec section 2): one item open at a time, and an open item can be closed.
 * Each question is a button whose aria-expanded/aria-controls point at its answer panel; the
 * page script (enhance/accordion.ts) opens and closes them. Without JavaScript every answer is
 * shown (Tailwind's `noscript:` variant).
 */
export function FaqAccordion({ id, items }: { id: string; items: readonly { question: string; answer: string }[] }) {
  return (
    <div data-accordion className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {items.map((item, i) => {
        const buttonId = `${id}-q${i}`;
        const panelId = `${id}-a${i}`;
        return (
          <div key={item.question}>
            <h3 className="text-base font-semibold">
              <button
                type="button"
                id={buttonId}
                aria-expanded={false}
                aria-controls={panelId}
                className="group flex min-h-14 w-full items-center justify-between gap-4 px-5 py-4 text-left hover:bg-brand-50/60"
              >
                <span>{item.question}</span>
                <Icon
                  name="chevron-down"
                  className="size-5 text-brand-700 transition-transform group-aria-expanded:rotate-180"
                />
              </button>
            </h3>
            <section
              id={panelId}
              aria-labelledby={buttonId}
              className="hidden px-5 pb-5 leading-7 text-muted noscript:block"
            >
              {item.answer}
            </section>
          </div>
        );
      })}
    </div>
  );
}
