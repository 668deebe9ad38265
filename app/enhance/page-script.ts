/**
 * A page script: a small browser module that gives a server-rendered page its behaviour without
 * React (docs/decisions/008-interactive-public-pages.md). Imported as `./x.ts?page-script`
 * (scripts/vite-page-scripts.ts) and named in a route's `handle`.
 */
export type PageScript = {
  /** The bundled module's address ("" in the browser's copy of a route module). */
  src: string;
  /** The chunks it imports, however deep: preloaded with it (app/root.tsx, PageScriptTag). */
  preload: string[];
};
