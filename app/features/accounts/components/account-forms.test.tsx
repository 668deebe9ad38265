// @vitest-environment happy-dom
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseSubmission } from "~/components/forms/schema-form";
import { cleanupDom, renderInRouter, renderServerHtml } from "../../../../tests/helpers/render-in-router";
import { type RegisterAnswer, SECRET_FIELDS, type SignInAnswer, VALIDATION_TOAST } from "../action-data";
import { forgotPasswordSchema, INVALID_EMAIL_TOAST } from "../forgot-password-schema";
import { registerSchema } from "../register-schema";
import { signInSchema } from "../sign-in-schema";
import { AccountTabs, accountTabOf } from "./account-tabs";
import { ForgotPasswordForm } from "./forgot-password-form";
import { RegisterForm } from "./register-form";
import { SignInForm } from "./sign-in-form";

afterEach(cleanupDom);

function formOf(values: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  return form;
}

/** The form a submit button belongs to. */
function formOfButton(name: string, within: Pick<typeof screen, "getByRole"> = screen): HTMLFormElement {
  const form = (within.getByRole("button", { name }) as HTMLButtonElement).form;
  expect(form, `the form of ${name}`).toBeTruthy();
  return form!;
}

/** A hidden input's value. */
function hiddenValue(form: HTMLFormElement, name: string): string | undefined {
  const input = form.elements.namedItem(name);
  return input instanceof HTMLInputElement && input.type === "hidden" ? input.value : undefined;
}

/** What a control's aria-describedby points at (its hint and its error), as text. */
function descriptionOf(control: HTMLElement): string {
  return (control.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ");
}

/** Every value the page holds in its controls. */
function controlValues(container: HTMLElement): string[] {
  return [...container.querySelectorAll("input, select, textarea")].map(
    (c) => (c as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement).value,
  );
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
    const onValueChange = vi.fn();
    renderInRouter(
      <AccountTabs
        value="register"
        onValueChange={onValueChange}
        signIn={<p>sign-in panel</p>}
        register={<p>register panel</p>}
      />,
    );
    const list = screen.getByRole("tablist", { name: "Account" });
    const signIn = within(list).getByRole("tab", { name: "Sign In", selected: false });
    const register = within(list).getByRole("tab", { name: "Register", selected: true });
    expect(signIn.tagName).toBe("A");
    expect(signIn.getAttribute("href")).toBe("/auth?tab=signin");
    expect(register.getAttribute("href")).toBe("/auth?tab=register");
    // Both panels are in the page (what was typed survives a tab change), each named by its tab.
    expect(screen.getAllByRole("tabpanel")).toHaveLength(2);
    const signInPanel = screen.getByRole("tabpanel", { name: "Sign In" });
    const registerPanel = screen.getByRole("tabpanel", { name: "Register" });
    expect(within(signInPanel).getByText("sign-in panel")).toBeTruthy();
    expect(signInPanel.dataset.state).toBe("inactive");
    expect(within(registerPanel).getByText("register panel")).toBeTruthy();
    expect(registerPanel.dataset.state).toBe("active");
    // With React a click on the other tab shows it (the link is not followed).
    expect(fireEvent.click(signIn)).toBe(false);
    expect(onValueChange).toHaveBeenCalledWith("signin");
  });
});

describe("the sign-in form", () => {
  it("posts to /auth with its intent, the browser's own validation off", () => {
    renderInRouter(<SignInForm answer={undefined} />, "/auth");
    const form = formOfButton("Sign In");
    expect(form.id).toBe("signin");
    expect(form.getAttribute("action")).toBe("/auth?tab=signin");
    expect(form.getAttribute("method")).toBe("post");
    expect(form.noValidate).toBe(true);
    expect(hiddenValue(form, "intent")).toBe("signin");
    expect(screen.getByRole("link", { name: "Forgot your password?" }).getAttribute("href")).toBe("/forgot-password");
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
    // The address and not the password, with React and without.
    const { container } = renderInRouter(<SignInForm answer={answer} />, "/auth");
    expect((screen.getByRole("textbox", { name: "Email" }) as HTMLInputElement).value).toBe("ama@example.org");
    expect(controlValues(container)).not.toContain("hunter22");
    // With React too the message stays in the page beside the toast.
    const inline = screen.getByRole("alert");
    expect(within(inline).getByText("Login Failed")).toBeTruthy();
    expect(within(inline).getByText("Invalid email or password")).toBeTruthy();
    cleanupDom();
    // Without JavaScript the answer is in the page (with React it is a toast).
    const page = renderServerHtml(<SignInForm answer={answer} />, "/auth");
    const alert = within(page).getByRole("alert");
    expect(within(alert).getByText("Login Failed")).toBeTruthy();
    expect(within(alert).getByText("Invalid email or password")).toBeTruthy();
    expect((within(page).getByRole("textbox", { name: "Email" }) as HTMLInputElement).value).toBe("ama@example.org");
    expect(page.innerHTML).not.toContain("hunter22");
  });

  it("shows the schema's messages at the fields", () => {
    const submission = parseSubmission(formOf({ intent: "signin", email: "nope" }), signInSchema);
    renderInRouter(
      <SignInForm answer={{ intent: "signin", result: submission.reply(), toast: VALIDATION_TOAST }} />,
      "/auth",
    );
    const email = screen.getByRole("textbox", { name: "Email" });
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(email.id).toBe("signin-email");
    expect(descriptionOf(email)).toBe("Invalid email address");
    const password = screen.getByLabelText(/^Password/);
    expect(password.getAttribute("aria-invalid")).toBe("true");
    expect(descriptionOf(password)).toBe("Password is required");
    // The messages are at the fields: no second copy above the form.
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("the register form", () => {
  it("asks the specialty of doctors and the facility of facility administrators (CSS before React runs)", () => {
    // What the server sends: before React runs (or without it) CSS shows the field the selected role needs.
    const page = renderServerHtml(
      <RegisterForm answer={undefined} facilities={FACILITIES} onSignIn={noop} />,
      "/auth?tab=register",
    );
    const form = formOfButton("Create Account", within(page));
    expect(form.id).toBe("register");
    expect(form.getAttribute("action")).toBe("/auth?tab=register");
    expect(form.getAttribute("method")).toBe("post");
    expect(form.classList).toContain("group/register");
    expect(hiddenValue(form, "intent")).toBe("register");
    const role = within(page).getByRole("combobox", { name: "Role" }) as HTMLSelectElement;
    expect(role.value).toBe("doctor");
    expect(within(role).getByRole("option", { name: "Doctor", selected: true })).toBeTruthy();
    const specialty = within(page).getByRole("textbox", { name: "Specialty (optional)" });
    expect(specialty.parentElement?.className).toBe("hidden group-has-[option[value=doctor]:checked]/register:block");
    const facility = within(page).getByRole("combobox", { name: "Facility you run" });
    expect(facility.parentElement?.className).toBe("hidden group-has-[option[value^=facility]:checked]/register:block");
    const option = within(facility).getByRole("option", { name: "Korle Bu Teaching Hospital" }) as HTMLOptionElement;
    expect(option.value).toBe(FACILITIES[0].id);
    expect(within(page).queryByText("There is a problem")).toBeNull();
  });

  it("once React runs, shows the specialty or the facility as the role changes", () => {
    renderInRouter(<RegisterForm answer={undefined} facilities={FACILITIES} onSignIn={noop} />, "/auth");
    const specialty = () => screen.getByRole("textbox", { name: "Specialty (optional)" }).parentElement?.className;
    const facility = () => screen.getByRole("combobox", { name: "Facility you run" }).parentElement?.className;
    expect(specialty()).toBe("");
    expect(facility()).toBe("hidden");
    // A browser fires input, then change, when an option is picked.
    const role = screen.getByRole("combobox", { name: "Role" });
    fireEvent.input(role, { target: { value: "facility_admin" } });
    fireEvent.change(role);
    expect(specialty()).toBe("hidden");
    expect(facility()).toBe("");
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
      ok: false,
      result: submission.reply({ hideFields: SECRET_FIELDS }),
      toast: VALIDATION_TOAST,
    };
    const { container } = renderInRouter(
      <RegisterForm answer={answer} facilities={FACILITIES} onSignIn={noop} />,
      "/auth",
    );
    const summary = screen.getByRole("alert", { name: "There is a problem" });
    const links = within(summary)
      .getAllByRole("link")
      .map((a) => [a.getAttribute("href"), a.textContent]);
    expect(links).toEqual([
      ["#register-email", "Invalid email address"],
      ["#register-phone", "Phone number must be at least 10 digits"],
      ["#register-confirmPassword", "Passwords don't match"],
      ["#register-facility_id", "Please select the facility you run"],
      ["#register-hefra_licence", "Please enter your facility's HeFRA licence number"],
    ]);
    // Each link leads to its field.
    for (const [href] of links) expect(document.getElementById(href!.slice(1))).toBeTruthy();
    expect((screen.getByRole("textbox", { name: "Full Name" }) as HTMLInputElement).value).toBe("Esi Darko");
    expect((screen.getByRole("combobox", { name: "Role" }) as HTMLSelectElement).value).toBe("facility_admin");
    expect(controlValues(container)).not.toContain("secret-1");
    cleanupDom();
    // Without JavaScript the spec's notice is in the page too.
    const page = renderServerHtml(<RegisterForm answer={answer} facilities={FACILITIES} onSignIn={noop} />, "/auth");
    expect(within(within(page).getByRole("alert", { name: "" })).getByText("Validation Error")).toBeTruthy();
    expect(within(page).getByRole("alert", { name: "There is a problem" })).toBeTruthy();
    expect(page.innerHTML).not.toContain("secret-1");
  });

  it("says Registration Successful in place of the form, with the way back to Sign In", () => {
    const onSignIn = vi.fn();
    const { container } = renderInRouter(
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
        onSignIn={onSignIn}
      />,
      "/auth",
    );
    const status = screen.getByRole("status");
    expect(within(status).getByRole("heading", { level: 2, name: "Registration Successful" })).toBeTruthy();
    expect(within(status).getByText("Please check your email to verify your account.")).toBeTruthy();
    const back = within(status).getByRole("link", { name: "Back to Sign In" });
    expect(back.getAttribute("href")).toBe("/auth?tab=signin");
    expect(container.querySelector("form")).toBeNull();
    expect(screen.queryByRole("button", { name: "Create Account" })).toBeNull();
    // With React the link shows the Sign In tab already in the page.
    fireEvent.click(back);
    expect(onSignIn).toHaveBeenCalledOnce();
  });
});

describe("the forgot-password form", () => {
  it("posts to its action, and shows a refusal in the page", () => {
    const submission = parseSubmission(formOf({ email: "bad" }), forgotPasswordSchema);
    const answer = { ok: false, result: submission.reply(), toast: INVALID_EMAIL_TOAST };
    renderInRouter(<ForgotPasswordForm answer={answer} />, "/forgot-password");
    const form = formOfButton("Send Reset Link");
    expect(form.id).toBe("forgot");
    expect(form.getAttribute("action")).toBe("/forgot-password");
    expect(form.getAttribute("method")).toBe("post");
    const email = screen.getByRole("textbox", { name: "Email" }) as HTMLInputElement;
    expect(email.value).toBe("bad");
    expect(descriptionOf(email)).toBe("Please enter a valid email address.");
    cleanupDom();
    // Without JavaScript the answer is in the page (with React it is a toast).
    const page = renderServerHtml(<ForgotPasswordForm answer={answer} />, "/forgot-password");
    expect(within(within(page).getByRole("alert")).getByText("Invalid Email")).toBeTruthy();
  });

  it("then Check Your Email, the same whether or not the address has an account", () => {
    renderInRouter(
      <ForgotPasswordForm answer={{ status: "sent", email: "ama@example.org", result: {} }} />,
      "/forgot-password",
    );
    expect(screen.getByRole("heading", { level: 1, name: "Check Your Email" })).toBeTruthy();
    expect(within(screen.getByRole("status")).getByText("ama@example.org")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Send Another Email" }).getAttribute("href")).toBe("/forgot-password");
    expect(screen.getByRole("link", { name: "Back to Sign In" }).getAttribute("href")).toBe("/auth");
  });
});
