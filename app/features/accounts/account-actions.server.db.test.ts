import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "~/db/schema";
import { startMailCatcher } from "../../../tests/helpers/mail-catcher";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { authPageAction } from "./auth-page.server";

vi.stubEnv("E2E_RELAXED_RATE_LIMITS", "");
vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");

let h: TestDatabase;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let n = 0;

beforeAll(async () => {
  mail = await startMailCatcher();
  vi.stubEnv("SMTP_URL", mail.url);
  h = await createTestDb();
});
afterAll(async () => {
  await h?.drop();
  await mail?.stop();
});

/** The Register tab's post, as the browser sends it. */
function registration(fields: Record<string, string>): FormData {
  const form = new FormData();
  const values: Record<string, string> = {
    intent: "register",
    full_name: "Ama Mensah",
    email: `register-${++n}@example.test`,
    phone: "0241234567",
    password: "Kenkey-Harbour-Lamp-7",
    confirmPassword: "Kenkey-Harbour-Lamp-7",
    role: "doctor",
    specialty: "",
    mdc_number: "MDC/RN/12345",
    ...fields,
  };
  for (const [key, value] of Object.entries(values)) form.set(key, value);
  return form;
}
const meta = () => ({ ip: `198.51.100.${n}` });

/** The /auth action's answer to the post: its status and body (Conform's result, the toast). */
async function post(form: FormData) {
  const answer = (await authPageAction(h.db, form, meta())) as unknown as {
    data: { ok: boolean; status?: string; result: { error?: Record<string, string[]> }; toast?: { title: string } };
    init: { status?: number } | null;
  };
  return { status: answer.init?.status ?? 200, body: answer.data };
}

// What the browser's schema does not check (to keep /auth's script small) the server does,
// and answers on the same form's field.
describe("the Register form's post, checked on the server", () => {
  /** The post is refused with "Validation Error" and the message on the field, and no account is made. */
  async function expectRefusedOn(form: FormData, field: string, message: string) {
    const answer = await post(form);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      ok: false,
      result: { error: { [field]: [message] } },
      toast: { title: "Validation Error" },
    });
    const made = await h.db
      .select()
      .from(users)
      .where(eq(users.email, String(form.get("email"))));
    expect(made).toEqual([]);
  }

  it("answers an easily guessed password on the password field, and creates nothing", async () => {
    const form = registration({ password: "Ghana@2026", confirmPassword: "Ghana@2026" });
    await expectRefusedOn(form, "password", "Add another word or two; avoid names and years");
  });

  it("refuses a name of invisible characters on the name field, and creates nothing", async () => {
    const form = registration({ full_name: "\u200b\u200b\u3164\u2060" });
    await expectRefusedOn(form, "full_name", "Name must be at least 2 characters");
  });

  it("keeps the name on one line and without bidirectional overrides", async () => {
    const form = registration({ full_name: "Ama\r\nMensah\u202e", specialty: "Cardio\nlogy\u2066" });
    const answer = await post(form);
    expect(answer.body).toMatchObject({ ok: true, status: "registered", toast: { title: "Registration Successful" } });
    const [row] = await h.db
      .select({ fullName: users.fullName, specialty: users.specialty })
      .from(users)
      .where(eq(users.email, String(form.get("email"))));
    expect(row).toEqual({ fullName: "Ama Mensah", specialty: "Cardio logy" });
  });
});
