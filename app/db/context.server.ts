import { createContext, type RouterContextProvider } from "react-router";
import type { Db } from "./client.server";

/**
 * The request's database: the process's one instance (app/database.server.ts), put in React
 * Router's context by its `databaseMiddleware` (root.tsx) before any loader or action runs.
 * Loaders and actions read it with `dbOf(context)`.
 */
export const databaseContext = createContext<Db>();

/** The database of this request (set by `databaseMiddleware`; a request without it is a bug and throws). */
export function dbOf(context: Readonly<RouterContextProvider>): Db {
  return context.get(databaseContext);
}
