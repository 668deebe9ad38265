import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: { assetsInlineLimit: 0 },
  environments: {
    // The browser's modules in fewer files (docs/decisions/022-first-paint-on-slow-networks.md): React,
    // React DOM and the router in one, the root's own modules (the shell every hydrated page
    // draws) in another; the routes' code splits as before. On HTTP/1.1 each file costs a round trip.
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|turbo-stream)[\\/]/,
                  priority: 2,
                },
                {
                  name: "shell",
                  test: /[\\/]app[\\/](root|entry\.client|lib[\\/](nonce|use-hydrated|stylesheet|seo)|content[\\/]site|components[\\/]layout[\\/](site-header|site-footer|account-menu|logo|not-found)|content[\\/]navigation|components[\\/]ui[\\/]toaster|routes[\\/]public[\\/]layout|auth[\\/]roles)\b/,
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
