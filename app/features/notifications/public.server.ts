// What other features may use of notifications on the server: they import it from here, never a file behind it
// (biome.json's restricted imports). Inside the feature, import the file itself. Server code takes even
// browser-safe names from here, so it never loads the feature's components.

export type { NotificationEvent, QuietHours } from "./notification-preferences.ts";
export {
  DEFAULT_QUIET_HOURS,
  deliveryPlan,
  minutesOf,
  preferencesFrom,
  quietUntil,
} from "./notification-preferences.ts";
