import { gate } from "~/auth/context.server";
import type { Route } from "./+types/doctor-layout";

/**
 * The doctor's dashboard (spec section 6): doctors, verified.
 * Its pages' loaders and actions take the actor with `allowedActor(context)`, which throws this
 * gate's refusal; the dashboard frame draws it as the gate screen (app/auth/context.server.ts).
 */
export const middleware: Route.MiddlewareFunction[] = [gate("doctor")];
