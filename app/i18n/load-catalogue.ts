import { CATALOGUES, type CataloguePart } from "./catalogue-modules";
import { provideMessages } from "./i18n";
import type { Locale } from "./locales";

const loaded = new Map<string, Promise<void>>();

/**
 * In the browser: a language's catalogue part, fetched once, when a page first needs it. entry.client
 * loads the first page's; the layouts' client loaders call this on a navigation (a French doctor
 * signing in on the English sign-in page, a link from the platform to the public site), so React
 * never draws a page in a language, or a part of the product, whose texts it does not have.
 */
export function ensureCatalogue(locale: Locale, part: CataloguePart = "site"): Promise<void> {
  const id = `${locale}/${part}`;
  let pending = loaded.get(id);
  if (!pending) {
    pending = CATALOGUES[locale][part]().then(({ default: messages }) => {
      provideMessages(locale, messages);
    });
    // A failed fetch (the network dropped) is tried again by the next navigation; meanwhile the page
    // shows the texts it has (i18n.ts: the language loaded first) rather than an error.
    pending = pending.catch(() => {
      loaded.delete(id);
    });
    loaded.set(id, pending);
  }
  return pending;
}
