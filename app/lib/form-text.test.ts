import { describe, expect, it } from "vitest";
import { readFields } from "~/features/accounts/form-errors";
import { readContactForm } from "~/features/contact/contact-fields";
import { parseWaitlistSubmission } from "~/features/waitlist/waitlist-schema";
import { formText } from "./form-text";

// PostgreSQL text cannot hold U+0000: a posted NUL made the insert fail with a 500 (found by fuzzing).
describe("form text", () => {
  it("drops NUL characters and keeps everything else", () => {
    expect(formText("a\u0000b\u0000")).toBe("ab");
    expect(formText("<b>é 😀</b>")).toBe("<b>é 😀</b>");
  });

  it("is what every form reader returns", () => {
    const form = new FormData();
    form.set("email", "a\u0000@example.org");
    form.set("name", "Ama\u0000");
    expect(readFields(form, ["email"])).toEqual({ email: "a@example.org" });
    expect(readContactForm(form)).toEqual({ email: "a@example.org", name: "Ama" });
    const parsed = parseWaitlistSubmission({
      userType: "professional",
      fullName: "Ama\u0000 Mensah",
      email: "ama@example.org",
      country: "Ghana",
    });
    expect(parsed.ok && parsed.submission.data).toMatchObject({ fullName: "Ama Mensah" });
  });
});
