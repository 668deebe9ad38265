import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: { assetsInlineLimit: 0 },
  environments: {
    // The server bundle's entry is the Hono app (server/app.ts), which wraps React Router's handler.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
});
