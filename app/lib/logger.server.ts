import pino from "pino";

const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info");

/** One JSON logger for the process (pretty-printed by `npm run dev`). */
export const logger = pino({
  level,
  base: { service: "web" },
  redact: { paths: ["req.headers.cookie", "req.headers.authorization", "*.password"], remove: true },
});
