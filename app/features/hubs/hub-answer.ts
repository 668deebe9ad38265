import type { FormAnswer } from "~/components/forms/schema-form";
import type { SendConfirmation } from "./components/confirm-send";

/** The hub editor's forms, by the intent each posts. */
export const HUB_INTENTS = ["save", "launch", "update", "resume"] as const;
export type HubIntent = (typeof HUB_INTENTS)[number];

/** The hub editor action's answer: which form it is for, and the confirmation step when it asks first. */
export type HubAnswer = FormAnswer<{ intent: HubIntent; confirm?: SendConfirmation }>;
