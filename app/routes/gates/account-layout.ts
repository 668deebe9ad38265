import { gate } from "~/auth/context.server";
import type { Route } from "./+types/account-layout";

/**
 * Pages for any signed-in account, approved or not: a referral's own page and its review (the
 * referral's rules then say who sees what: 404 for anyone who may not), and the registration
 * number an account gives while it awaits approval. Their loaders and actions take the actor with
 * `allowedActor(context)`, which throws this gate's refusal (401 signed out); the page's error
 * boundary draws it as the gate screen.
 */
export const middleware: Route.MiddlewareFunction[] = [gate("account")];
