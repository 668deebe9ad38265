import { setNonce } from "get-nonce";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { ensureCatalogue, ensurePreloadedTexts, prefetchPageTexts } from "./i18n/load-catalogue";
import { localeOfHtmlLang } from "./i18n/locales";

// Libraries that add a <style> element (Radix's scroll lock, through react-style-singleton) give
// it the page's CSP nonce, the one on the scripts React Router wrote; the policy allows no other.
const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
if (nonce) setNonce(nonce);

// The page's language alone is fetched (docs/decisions/044), before React draws the page in it: the
// server wrote it in <html lang> (a public page's from its path, the platform's the person's own).
// The page's HTML preloads its texts (the shell's, the platform's frame's, its own); while developing
// it names none, and the language's parts load whole (the platform's pages, `data-platform`, both).
const html = document.documentElement;
const locale = localeOfHtmlLang(html.lang);
const texts = ensurePreloadedTexts(locale).then((preloaded) =>
  preloaded
    ? undefined
    : Promise.all([ensureCatalogue(locale), "platform" in html.dataset ? ensureCatalogue(locale, "platform") : null]),
);
texts.then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
  prefetchPageTexts();
});

// The service worker (decision 027: hashed assets and an offline page, never a page's HTML): every page
// that hydrates registers it once loaded; content pages ship no script and register nothing.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  // A registration cut short (the visitor moved on, or the worker could not be fetched) is tried
  // again by the next page: not an error for the page.
  addEventListener("load", () => navigator.serviceWorker.register("/sw.js").catch(() => {}));
}
