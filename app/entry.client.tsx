import { setNonce } from "get-nonce";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { CATALOGUES } from "./i18n/catalogue-modules";
import { provideMessages } from "./i18n/i18n";
import { localeOfPath } from "./i18n/locales";

// Libraries that add a <style> element (Radix's scroll lock, through react-style-singleton) give
// it the page's CSP nonce, the one on the scripts React Router wrote; the policy allows no other.
const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
if (nonce) setNonce(nonce);

// The page's language alone is fetched (docs/decisions/044), before React draws the page in it.
const locale = localeOfPath(location.pathname);
CATALOGUES[locale]().then(({ default: messages }) => {
  provideMessages(locale, messages);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});

// The service worker (issue 29: hashed assets and an offline page, never a page's HTML): every page
// that hydrates registers it once loaded; content pages ship no script and register nothing.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  // A registration cut short (the visitor moved on, or the worker could not be fetched) is tried
  // again by the next page: not an error for the page.
  addEventListener("load", () => navigator.serviceWorker.register("/sw.js").catch(() => {}));
}
