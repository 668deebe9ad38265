import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/components/forms/schema-form";
import { type RegisterAnswer, SECRET_FIELDS, type SignInAnswer } from "../action-data";
import { forgotPasswordSchema, INVALID_EMAIL_TOAST } from "../forgot-password-schema";
import { VALIDATION_TOAST } from "../form-errors";
import { registerSchema } from "../register-schema";
import { signInSchema } from "../sign-in-schema";
import { AccountTabs, accountTabOf } from "./account-tabs";
import { ForgotPasswordForm } from "./forgot-password-form";
import { RegisterForm } from "./register-form";
import { SignInForm } from "./sign-in-form";

/** The server's rendering, what a browser without JavaScript gets (forms and links need a router). */
function render(element: ReactNode): string {
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: ["/auth"] });
  return renderToString(<RouterProvider router={router} />);
}

function formOf(values: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  return form;
}

const noop = () => {};
const FACILITIES = [{ id: "3f1c2a9e-0000-4000-8000-000000000001", name: "Korle Bu Teaching Hospital" }];

describe("the account tabs", () => {
  it("read the tab from the address", () => {
    expect(accountTabOf("register")).toBe("register");
    expect(accountTabOf("signin")).toBe("signin");
    expect(accountTabOf(null)).toBe("signin");
    expect(accountTabOf("other")).toBe("signin");
  });

  it("are links to their address (no JavaScript), the chosen one selected, both panels in the page", () => {
    const html = render(
      <AccountTabs
        value="register"
        onValueChange={noop}
        signIn={<p>sign-in panel</p>}
        register={<p>register panel</p>}
      />,
    );
    expect(html).toMatch(/<a href="\/auth\?tab=signin"[^>]*role="tab" aria-selected="false"[^>]*>Sign In<\/a>/);
    expect(html).toMatch(/<a href="\/auth\?tab=register"[^>]*role="tab" aria-selected="true"[^>]*>Register<\/a>/);
    expect(html).toContain('aria-label="Account"');
    expect(html).toMatch(/data-state="inactive"[^>]*role="tabpanel"[^>]*>.*sign-in panel/);
    expect(html).toMatch(/data-state="active"[^>]*role="tabpanel"[^>]*>.*register panel/);
  });
});

describe("the sign-in form", () => {
  it("posts to /auth with its intent, the browser's own validation off", () => {
    const html = render(<SignInForm answer={undefined} />);
    expect(html).toMatch(/<form id="signin" noValidate=""[^>]*action="\/auth\?tab=signin" method="post"/);
    expect(html).toContain('<input type="hidden" name="intent" value="signin"/>');
    expect(html).toContain('href="/forgot-password"');
    expect(html).toContain(">Sign In</button>");
  });

  it("shows a refusal in the page, the address kept and the password not", () => {
    const submission = parseSubmission(
      formOf({ intent: "signin", email: "ama@example.org", password: "hunter22" }),
      signInSchema,
    );
    const answer: SignInAnswer = {
      intent: "signin",
      result: submission.reply({ hideFields: SECRET_FIELDS }),
      toast: { title: "Login Failed", description: "Invalid email or password", variant: "destructive" },
    };
    const html = render(<SignInForm answer={answer} />);
    expect(html).toMatch(
      /role="alert"[^>]*><p class="font-semibold">Login Failed<\/p><p[^>]*>Invalid email or password/,
    );
    expect(html).toContain('value="ama@example.org"');
    expect(html).not.toContain("hunter22");
  });

  it("shows the schema's messages at the fields", () => {
    const submission = parseSubmission(formOf({ intent: "signin", email: "nope" }), signInSchema);
    const html = render(
      <SignInForm answer={{ intent: "signin", result: submission.reply(), toast: VALIDATION_TOAST }} />,
    );
    expect(html).toMatch(/aria-invalid="true" aria-describedby="signin-email-error"/);
    expect(html).toMatch(/id="signin-email-error"[^>]*>Invalid email address</);
    expect(html).toMatch(/id="signin-password-error"[^>]*>Password is required</);
  });
});

describe("the register form", () => {
  it("asks the specialty of doctors and the facility of facility administrators (CSS before React runs)", () => {
    const html = render(<RegisterForm answer={undefined} facilities={FACILITIES} onSignIn={noop} />);
    expect(html).toMatch(
      /<form id="register"[^>]*class="group\/register[^>]*action="\/auth\?tab=register" method="post"/,
    );
    expect(html).toContain('<input type="hidden" name="intent" value="register"/>');
    expect(html).toContain("group-has-[option[value=doctor]:checked]/register:block");
    expect(html).toContain("group-has-[option[value^=facility]:checked]/register:block");
    expect(html).toMatch(/<option value="doctor" selected="">Doctor<\/option>/);
    expect(html).toContain(`<option value="${FACILITIES[0].id}">Korle Bu Teaching Hospital</option>`);
    expect(html).not.toContain("There is a problem");
  });

  it("lists every problem in the error summary, linked to its field, and keeps the values but not the passwords", () => {
    const submission = parseSubmission(
      formOf({
        intent: "register",
        full_name: "Esi Darko",
        email: "esi@",
        password: "secret-1",
        role: "facility_admin",
      }),
      registerSchema,
    );
    const answer: RegisterAnswer = {
      intent: "register",
      status: "invalid",
      result: submission.reply({ hideFields: SECRET_FIELDS }),
      toast: VALIDATION_TOAST,
    };
    const html = render(<RegisterForm answer={answer} facilities={FACILITIES} onSignIn={noop} />);
    expect(html).toContain("There is a problem");
    const links = [...html.matchAll(/<a href="#(register-[a-z_A-Z]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(links).toEqual([
      ["register-email", "Invalid email address"],
      ["register-phone", "Phone number must be at least 10 digits"],
      ["register-confirmPassword", "Passwords don&#x27;t match"],
      ["register-facility_id", "Please select the facility you run"],
    ]);
    expect(html).toContain('value="Esi Darko"');
    expect(html).toMatch(/<option value="facility_admin" selected="">/);
    expect(html).not.toContain("secret-1");
    expect(html).toMatch(/role="alert"[^>]*><p class="font-semibold">Validation Error</);
  });

  it("says Registration Successful in place of the form, with the way back to Sign In", () => {
    const html = render(
      <RegisterForm
        answer={{
          intent: "register",
          status: "registered",
          result: { initialValue: null },
          toast: {
            title: "Registration Successful",
            description: "Please check your email to verify your account.",
            variant: "success",
          },
        }}
        facilities={FACILITIES}
        onSignIn={noop}
      />,
    );
    expect(html).toMatch(/role="status"[^>]*><h2[^>]*>Registration Successful<\/h2><p[^>]*>Please check your email/);
    expect(html).toContain('href="/auth?tab=signin"');
    expect(html).not.toContain("<form");
  });
});

describe("the forgot-password form", () => {
  it("posts to its action, and shows a refusal in the page", () => {
    const submission = parseSubmission(formOf({ email: "bad" }), forgotPasswordSchema);
    const html = render(
      <ForgotPasswordForm answer={{ status: "invalid", result: submission.reply(), toast: INVALID_EMAIL_TOAST }} />,
    );
    expect(html).toMatch(/<form id="forgot"[^>]*action="\/forgot-password" method="post"/);
    expect(html).toMatch(/role="alert"[^>]*><p class="font-semibold">Invalid Email</);
    expect(html).toMatch(/id="forgot-email-error"[^>]*>Please enter a valid email address.</);
    expect(html).toContain('value="bad"');
  });

  it("then Check Your Email, the same whether or not the address has an account", () => {
    const html = render(<ForgotPasswordForm answer={{ status: "sent", email: "ama@example.org", result: {} }} />);
    expect(html).toContain("Check Your Email");
    expect(html).toContain("ama@example.org");
    expect(html).toMatch(/href="\/forgot-password"[^>]*>Send Another Email</);
    expect(html).toMatch(/href="\/auth"[^>]*>Back to Sign In</);
  });
});
