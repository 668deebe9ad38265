import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { poCatalogue } from "./scripts/vite-po-catalogue.ts";

export default defineConfig({
  plugins: [poCatalogue(), tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: { assetsInlineLimit: 0 },
  environments: {
    // The browser's modules in fewer files (docs/decisions/022-first-paint-on-slow-networks.md): React,
    // React DOM and the router in one, the shell every hydrated page draws in another (by place:
    // app/shell/); the routes' code splits as before. On HTTP/1.1 each file costs a round trip.
    client: {
      build: {
        rolldownOptions: {
          // Radix's packages are built with esbuild's keepNames: every function and class is named
          // by a call to its `__name` helper, which sets `.name` and nothing else. Unmarked, those
          // calls keep code no page uses (the whole ordered collection beside the one Tabs uses),
          // 3 KB gzipped on /auth. Nothing in the browser reads those names (React reads
          // displayName). docs/decisions/044-the-product-in-french.md, "Sizes".
          treeshake: { manualPureFunctions: ["__name"] },
          output: {
            // Texts are named as such: a page's (texts-fr-auth-….js), not after the page's own code, and
            // a language's whole parts (texts-fr-site-….js, texts-fr-platform-….js). The service worker
            // keeps them when fetched rather than precaching them (scripts/build-service-worker.ts).
            chunkFileNames: (chunk) => {
              const texts = /\/(\w+)\.po(?:\?(?:page=(?:.*\/)?([\w-]+)|(platform)))?$/.exec(chunk.facadeModuleId ?? "");
              if (texts) return `assets/texts-${texts[1]}-${texts[2] ?? texts[3] ?? "site"}-[hash].js`;
              return chunk.facadeModuleId?.endsWith("virtual:page-texts")
                ? "assets/texts-table-[hash].js"
                : "assets/[name]-[hash].js";
            },
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|turbo-stream)[\\/]/,
                  priority: 2,
                },
                {
                  // The shell every hydrated page draws: the files in app/shell/, and the modules
                  // that draw it (root, entry.client, the public layout route), with everything
                  // they import (rolldown's includeDependenciesRecursively). A new part of the
                  // header or footer goes in app/shell/ and lands here by where it is.
                  name: "shell",
                  test: /[\\/]app[\\/](shell[\\/]|root\.tsx$|entry\.client\.tsx$|routes[\\/]public[\\/]layout\.tsx$)/,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
    // The server bundle's entry is the Hono app (server/app.ts), which wraps React Router's handler.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
});
