import type { Messages } from "@lingui/core";
import { CATALOGUES, type CataloguePart } from "./catalogue-modules";
import { provideMessages } from "./i18n";
import { englishPattern, FRAME_TEXTS, type Locale, localeOfHtmlLang, localeOfPath, SHELL_TEXTS } from "./locales";

type TextsModule = () => Promise<{ default: Messages }>;

const loaded = new Map<string, Promise<void>>();

function once(locale: Locale, id: string, load: TextsModule): Promise<void> {
  const key = `${locale}/${id}`;
  let pending = loaded.get(key);
  if (!pending) {
    // A failed fetch (the network dropped) is tried again by the next navigation; meanwhile the page
    // shows the texts it has (i18n.ts: the language loaded first) rather than an error.
    pending = load()
      .then(({ default: messages }) => {
        provideMessages(locale, messages);
      })
      .catch(() => {
        loaded.delete(key);
      });
    loaded.set(key, pending);
  }
  return pending;
}

/**
 * In the browser: a language's catalogue part, whole, fetched once. Only while developing, where the
 * server names no per-page texts: a public page loads the site's part, a platform page both.
 */
export function ensureCatalogue(locale: Locale, part: CataloguePart = "site"): Promise<void> {
  return once(locale, part, CATALOGUES[locale][part]);
}

/**
 * The first page's texts (decision 044): the files its HTML preloads (`<link rel="modulepreload"
 * data-texts>`, from the root loader), so they arrive beside its code. False when it names none.
 */
export function ensurePreloadedTexts(locale: Locale): Promise<boolean> {
  const links = [...document.querySelectorAll<HTMLLinkElement>("link[rel=modulepreload][data-texts]")];
  return Promise.all(
    links.map((link) => once(locale, link.dataset.texts!, () => import(/* @vite-ignore */ link.href))),
  ).then(() => links.length > 0);
}

/** Which module holds each public page's texts, and each lazy part's: fetched when first needed. */
const pageTexts = () => import("virtual:page-texts").then((m) => m.PAGE_TEXTS);

/**
 * A public page's texts in its language (decision 044): the shell's and the page's own, each fetched
 * once, before React draws the page. `pattern` is React Router's pattern of the page's address
 * (`fr/hub/:hubId`). The public layout's client middleware asks for every page navigated to.
 */
export async function ensurePageTexts(locale: Locale, pattern: string): Promise<void> {
  await ensureGroups(locale, [SHELL_TEXTS, englishPattern(pattern)]);
}

/**
 * A platform page's texts in the person's language (decision 044): the shell's, the frame's and the
 * page's own, each fetched once, before React draws it. While developing (no per-page texts) the
 * language's two parts, whole.
 */
export async function ensurePlatformTexts(locale: Locale, pattern: string): Promise<void> {
  if (!(await pageTexts())[locale][FRAME_TEXTS]) {
    await Promise.all([ensureCatalogue(locale), ensureCatalogue(locale, "platform")]);
    return;
  }
  await ensureGroups(locale, [SHELL_TEXTS, FRAME_TEXTS, englishPattern(pattern)]);
}

/** Each of `groups` (a page without texts of its own has no module) in `locale`, fetched once. */
async function ensureGroups(locale: Locale, groups: string[]): Promise<void> {
  const modules = (await pageTexts())[locale];
  await Promise.all(groups.map((group) => modules[group] && once(locale, group, modules[group])));
}

/** The public page a navigation goes to (`url`), in its language. */
export function ensureTextsOfNavigation(url: string, pattern: string): Promise<void> {
  return ensurePageTexts(localeOfPath(new URL(url).pathname), pattern);
}

/**
 * A part a public page loads later (the register form on /auth: `import("./register-form")`), with its
 * texts in the page's language (`<html lang>`): the build wraps such imports in this
 * (scripts/vite-po-catalogue.ts), so React draws the part once both are here.
 * @public Called by the code the build writes, not by any source file.
 */
export function withLazyTexts<T>(module: Promise<T>, part: string): Promise<T> {
  const locale = localeOfHtmlLang(document.documentElement.lang);
  const texts = pageTexts().then((modules) => {
    const load = modules[locale][part];
    return load ? once(locale, part, load) : undefined;
  });
  return Promise.all([module, texts]).then(([loaded]) => loaded);
}

/** After the first page is drawn: the table of the pages' texts, so the first navigation does not wait for it. */
export function prefetchPageTexts(): void {
  void pageTexts().catch(() => {});
}
