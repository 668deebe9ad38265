import type { FieldErrors, UserType } from "./waitlist-schema";

/** The waitlist's notifications (spec section 8), word for word. */
export type WaitlistNotice = {
  title: string;
  description: string;
  variant: "default" | "success" | "destructive";
};

export const GENERIC_ERROR = "Something went wrong. Please try again.";

export function joinedNotice(userType: UserType): WaitlistNotice {
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
      userType === "professional"
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

/** What the hub page's action answers, read by the forms (fetcher) and by the no-JavaScript render. */
export type WaitlistActionData = {
  userType: UserType | null;
  status: "success" | "duplicate" | "invalid" | "error";
  toast: WaitlistNotice;
  fieldErrors?: FieldErrors;
  /** The typed values, to fill the form again (not after a success). */
  values?: Record<string, string>;
};
