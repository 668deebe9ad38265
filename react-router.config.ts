import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Each route's client code is split so content pages do not pay for dashboard code.
  splitRouteModules: true,
} satisfies Config;
