import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { Db } from "./client.server";
import { database } from "./database.server";

/**
 * The request's database: the process's one instance (database.server.ts), put in React Router's
 * context by `databaseMiddleware` (root.tsx) before any loader or action runs. Loaders and actions
 * read it with `dbOf(context)`.
 */
export const databaseContext = createContext<Db>();

export const databaseMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  context.set(databaseContext, (await database()).db);
  return next();
};

/** The database of this request (set by `databaseMiddleware`; a request without it is a bug and throws). */
export function dbOf(context: Readonly<RouterContextProvider>): Db {
  return context.get(databaseContext);
}
