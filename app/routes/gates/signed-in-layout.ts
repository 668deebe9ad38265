import { gate } from "~/auth/context.server";
import type { Route } from "./+types/signed-in-layout";

/**
 * Pages for every approved account, whatever its role (History).
 * Its pages' loaders and actions take the actor with `allowedActor(context)`, which throws this
 * gate's refusal; the dashboard frame draws it as the gate screen (app/auth/context.server.ts).
 */
export const middleware: Route.MiddlewareFunction[] = [gate("history")];
