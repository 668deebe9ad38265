import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel builds (for example test runs) keep apart; the default is ./build.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Each route's client code is split so content pages do not pay for dashboard code.
  splitRouteModules: true,
} satisfies Config;
