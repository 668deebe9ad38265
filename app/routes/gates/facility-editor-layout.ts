import { gate } from "~/auth/context.server";
import type { Route } from "./+types/facility-editor-layout";

/**
 * A facility's editor and the reports queue: approved facility and system administrators.
 * Its pages' loaders and actions take the actor with `allowedActor(context)`, which throws this
 * gate's refusal; the dashboard frame draws it as the gate screen (app/auth/context.server.ts).
 */
export const middleware: Route.MiddlewareFunction[] = [gate("facility-editor")];
