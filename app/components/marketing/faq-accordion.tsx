import { useId, useState } from "react";
import { ChevronDownIcon } from "./svg";

/**
 * FAQ accordion (spec section 2): one item open at a time, and an open item can be closed.
 * Each question is a button whose aria-expanded/aria-controls point at its answer panel.
 * Without JavaScript every answer is shown (Tailwind's `noscript:` variant).
 */
export function FaqAccordion({ items }: { items: readonly { question: string; answer: string }[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const prefix = useId();
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {items.map((item, i) => {
        const isOpen = open === i;
        const buttonId = `${prefix}-q${i}`;
        const panelId = `${prefix}-a${i}`;
        return (
          <div key={item.question}>
            <h3 className="text-base font-semibold">
              <button
                type="button"
                id={buttonId}
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => setOpen(isOpen ? null : i)}
                className="flex min-h-14 w-full items-center justify-between gap-4 px-5 py-4 text-left hover:bg-brand-50/60"
              >
                <span>{item.question}</span>
                <ChevronDownIcon
                  className={`size-5 text-brand-700 transition-transform ${isOpen ? "rotate-180" : ""}`}
                />
              </button>
            </h3>
            <section
              id={panelId}
              aria-labelledby={buttonId}
              className={`px-5 pb-5 leading-7 text-muted ${isOpen ? "block" : "hidden noscript:block"}`}
            >
              {item.answer}
            </section>
          </div>
        );
      })}
    </div>
  );
}
