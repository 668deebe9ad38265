import { I18nProvider } from "@lingui/react";
import { cleanup, render } from "@testing-library/react";
import { createContext, type ReactNode, use } from "react";
import { renderToReadableStream, renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { catalogueI18n } from "./catalogue-translate";

// For component tests in a DOM environment (`// @vitest-environment happy-dom`): links, forms
// and fetchers need a data router, which createRoutesStub gives. The element under test reaches
// the stub's one route through a context, so `rerender` shows the same router a new element.

const Element = createContext<ReactNode>(null);

const english = catalogueI18n("en");

/** The element in English, as the site's pages give it (root.tsx: the page's language). */
function Page() {
  return <I18nProvider i18n={english}>{use(Element)}</I18nProvider>;
}

const Stub = createRoutesStub([{ path: "*", Component: Page }]);

/** Renders `element` in a router at `path`; `rerender` replaces the element, keeping the router. */
export function renderInRouter(element: ReactNode, path = "/") {
  const result = render(
    <Element value={element}>
      <Stub initialEntries={[path]} />
    </Element>,
  );
  return {
    ...result,
    rerender: (next: ReactNode) =>
      result.rerender(
        <Element value={next}>
          <Stub initialEntries={[path]} />
        </Element>,
      ),
  };
}

/**
 * What the server sends for `element` at `path` (a browser without JavaScript, or before React
 * runs), parsed into a container in the document so Testing Library can query it by role and name.
 */
export function renderServerHtml(element: ReactNode, path = "/"): HTMLElement {
  const container = document.createElement("div");
  container.innerHTML = renderToString(
    <Element value={element}>
      <Stub initialEntries={[path]} />
    </Element>,
  );
  document.body.append(container);
  return container;
}

/**
 * As `renderServerHtml`, complete: parts loaded on their own (React.lazy) are waited for, as
 * entry.server does for a browser that cannot run them.
 */
export async function renderServerHtmlComplete(element: ReactNode, path = "/"): Promise<HTMLElement> {
  const stream = await renderToReadableStream(
    <Element value={element}>
      <Stub initialEntries={[path]} />
    </Element>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  await stream.allReady;
  const container = document.createElement("div");
  container.innerHTML = await new Response(stream).text();
  document.body.append(container);
  return container;
}

/** Unmounts what `render` mounted and empties the document (server HTML included). */
export function cleanupDom(): void {
  cleanup();
  document.body.replaceChildren();
}
