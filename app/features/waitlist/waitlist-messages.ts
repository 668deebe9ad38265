import type { UserType } from "./waitlist-schema";

/** The waitlist's notifications (spec section 8), word for word. */
export type WaitlistNotice = {
  title: string;
  description: string;
  variant: "default" | "success" | "destructive";
};

export const GENERIC_ERROR = "Something went wrong. Please try again.";

export function joinedNotice(userType: UserType, byEmail = true): WaitlistNotice {
  // Patients and families (decision 029) are not in the spec's table: the same form of words. One who
  // gave only a mobile number gets no email: the SMS at launch is what comes next.
  if (userType === "patient") {
    return {
      title: "You're on the waitlist!",
      description: byEmail
        ? "We'll let you know when this hub opens. Check your email for confirmation."
        : "We'll send you an SMS when this hub opens.",
      variant: "success",
    };
  }
  return userType === "professional"
    ? {
        title: "Welcome, Founding Member!",
        description: "You're on the waitlist. Check your email for confirmation.",
        variant: "success",
      }
    : {
        title: "Partnership Interest Received!",
        description: "We'll contact you about partnership opportunities.",
        variant: "success",
      };
}

export function duplicateNotice(userType: UserType): WaitlistNotice {
  return {
    title: "Already on the waitlist!",
    description:
      userType !== "facility"
        ? "You've already signed up for this hub. We'll notify you when it launches."
        : "Your facility has already registered interest. We'll be in touch soon.",
    variant: "default",
  };
}

export function validationNotice(firstMessage: string): WaitlistNotice {
  return { title: "Validation Error", description: firstMessage, variant: "destructive" };
}

export function errorNotice(message?: string): WaitlistNotice {
  return { title: "Error", description: message || GENERIC_ERROR, variant: "destructive" };
}

/**
 * The toast of a refused sign-up (spec section 8), from the refusal's status (formAction's
 * `refused`): a duplicate (409), a rule the values break (400: the first message, or the generic
 * error when the form kind itself is unknown), a rate limit (429) or a failure (503).
 */
export function refusedNotice(userType: UserType | null, status: number, message: string): WaitlistNotice {
  if (status === 409 && userType) return duplicateNotice(userType);
  if (status === 400) return userType ? validationNotice(message) : errorNotice();
  return errorNotice(message);
}
