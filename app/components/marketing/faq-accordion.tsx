import { useT } from "~/i18n/react";
import { Icon } from "./icon";

/**
 * FAQ accordion (spec section 2): one item open at a time, and an open item can be closed. Native
 * <details> elements sharing a `name` (an exclusive accordion): the browser opens, closes and
 * announces them, with the keyboard, and without any script.
 */
export function FaqAccordion({ id, items }: { id: string; items: readonly { question: string; answer: string }[] }) {
  const t = useT();
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {items.map((item, i) => (
        <details key={item.question} name={id} id={`${id}-q${i}`} className="group">
          <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold hover:bg-brand-50/60 [&::-webkit-details-marker]:hidden">
            <span>{t(item.question)}</span>
            <Icon
              name="chevron-down"
              className="size-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180"
            />
          </summary>
          <p className="px-5 pb-5 leading-7 text-muted">{t(item.answer)}</p>
        </details>
      ))}
    </div>
  );
}
