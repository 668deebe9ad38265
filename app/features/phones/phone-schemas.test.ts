import { describe, expect, it } from "vitest";
import { confirmCodeSchema, PHONE_FORM_MESSAGES, sendCodeSchema } from "./phone-schemas";

describe("phone form schemas", () => {
  it("a number: present, plausible, at most 40 characters", () => {
    expect(sendCodeSchema.safeParse({ intent: "send-code", phone: " 020 555 0147 " }).data?.phone).toBe("020 555 0147");
    expect(sendCodeSchema.safeParse({ intent: "send-code", phone: "+233 (20) 555-0147" }).success).toBe(true);
    const message = (phone: unknown) =>
      sendCodeSchema.safeParse({ intent: "send-code", phone }).error?.issues[0]?.message;
    expect(message("")).toBe(PHONE_FORM_MESSAGES.phoneRequired);
    expect(message(undefined)).toBe(PHONE_FORM_MESSAGES.phoneRequired);
    expect(message("call me")).toBe(PHONE_FORM_MESSAGES.phoneInvalid);
    expect(message("1".repeat(41))).toBe(PHONE_FORM_MESSAGES.phoneInvalid);
  });

  it("a code: six digits, a space in the middle allowed", () => {
    expect(confirmCodeSchema.safeParse({ intent: "confirm", code: "048213" }).success).toBe(true);
    expect(confirmCodeSchema.safeParse({ intent: "confirm", code: "048 213" }).success).toBe(true);
    for (const code of ["", "12345", "1234567", "abcdef", undefined]) {
      expect(confirmCodeSchema.safeParse({ intent: "confirm", code }).error?.issues[0]?.message).toBe(
        PHONE_FORM_MESSAGES.code,
      );
    }
  });
});
