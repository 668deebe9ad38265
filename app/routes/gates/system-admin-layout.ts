import { gate } from "~/auth/context.server";
import type { Route } from "./+types/system-admin-layout";

/**
 * The system administrator's pages: the dashboard, overview, audit log, facilities and hubs.
 * Its pages' loaders and actions take the actor with `allowedActor(context)`, which throws this
 * gate's refusal; the dashboard frame draws it as the gate screen (app/auth/context.server.ts).
 */
export const middleware: Route.MiddlewareFunction[] = [gate("system-admin")];
