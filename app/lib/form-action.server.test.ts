import { data } from "react-router";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { formAction, readForm } from "./form-action.server";
import { refusalOf, refuse } from "./refusal";

const schema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, "Name is required")),
});
const form = (values: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
};
const refused = (message: string) => ({ title: "Failed", description: message, variant: "destructive" as const });

/** The body and status of an action's answer (React Router's `data(...)`). */
function answerOf(answer: unknown): { status: number; body: Record<string, unknown> } {
  const value = answer as { data: Record<string, unknown>; init: { status?: number } | null };
  return { status: value.init?.status ?? 200, body: value.data };
}

describe("formAction", () => {
  it("answers a post the schema refuses with 400, the field's message and the failure toast, without calling the domain", async () => {
    let called = false;
    const answer = await formAction(form({ name: "  " }), {
      schema,
      run: async () => {
        called = true;
      },
      done: () => ({ toast: { title: "Saved" } }),
      refused,
      extra: { intent: "save" },
    });
    const { status, body } = answerOf(answer);
    expect(called).toBe(false);
    expect(status).toBe(400);
    expect(body.ok).toBe(false);
    expect(body.intent).toBe("save");
    expect(body.toast).toEqual(refused("Name is required"));
    expect((body.result as { error: Record<string, string[]> }).error.name).toEqual(["Name is required"]);
  });

  it("answers a success with the done toast, the extra fields and a reset form", async () => {
    const answer = await formAction(form({ name: " Ama " }), {
      schema,
      run: async ({ name }) => ({ id: 7, name }),
      done: (saved) => ({ toast: { title: `Saved ${saved.name}` }, subject: String(saved.id) }),
      refused,
      extra: { intent: "save", subject: "" },
    });
    const { status, body } = answerOf(answer);
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, intent: "save", subject: "7", toast: { title: "Saved Ama" } });
    // Conform's reply to a reset form carries no values to fill back in.
    expect(body.result).toEqual({ initialValue: null });
  });

  it("passes a Response (a redirect) through", async () => {
    const redirect = new Response(null, { status: 302, headers: { Location: "/x" } });
    const answer = await formAction(form({ name: "A" }), { schema, run: async () => 1, done: () => redirect, refused });
    expect(answer).toBe(redirect);
  });

  it("turns a thrown refusal into its status, the message on the form and the failure toast", async () => {
    const answer = await formAction(form({ name: "A" }), {
      schema,
      run: async () => refuse(409, "Someone else recorded it first"),
      done: () => ({}),
      refused,
    });
    const { status, body } = answerOf(answer);
    expect(status).toBe(409);
    expect(body.toast).toEqual(refused("Someone else recorded it first"));
    expect((body.result as { error: Record<string, string[]> }).error[""]).toEqual(["Someone else recorded it first"]);
  });

  it("gives the failure toast every field's first message, from the schema and from a refusal", async () => {
    const two = z.object({
      name: z.string().check(z.trim(), z.minLength(1, "Name is required")),
      town: z.string().check(z.trim(), z.minLength(1, "Town is required")),
    });
    const joined = (_: string, messages: string[]) => refused(messages.join(", "));
    const bySchema = await formAction(form({ name: "", town: " " }), {
      schema: two,
      run: async () => 1,
      done: () => ({}),
      refused: joined,
    });
    expect(answerOf(bySchema).body.toast).toEqual(refused("Name is required, Town is required"));
    const byDomain = await formAction(form({ name: "A", town: "B" }), {
      schema: two,
      run: async () => refuse(400, "Please check", { name: "Taken", town: "Unknown" }),
      done: () => ({}),
      refused: joined,
    });
    expect(answerOf(byDomain).body.toast).toEqual(refused("Taken, Unknown"));
    const plain = await formAction(form({ name: "A", town: "B" }), {
      schema: two,
      run: async () => refuse(404, "Not found"),
      done: () => ({}),
      refused: joined,
    });
    expect(answerOf(plain).body.toast).toEqual(refused("Not found"));
  });

  it("puts a refusal's field messages on their fields", async () => {
    const answer = await formAction(form({ name: "Lagoon" }), {
      schema,
      run: async () => refuse(400, "Please check the form", { name: "That name is taken" }),
      done: () => ({}),
      refused,
    });
    const { status, body } = answerOf(answer);
    expect(status).toBe(400);
    expect((body.result as { error: Record<string, string[]> }).error.name).toEqual(["That name is taken"]);
  });

  it("reads React Router's own data(message, { status }) as a refusal, and lets any other error through", async () => {
    const answer = await formAction(form({ name: "A" }), {
      schema,
      run: async () => {
        throw data("Not found", { status: 404 });
      },
      done: () => ({}),
      refused,
    });
    expect(answerOf(answer).status).toBe(404);
    await expect(
      formAction(form({ name: "A" }), {
        schema,
        run: async () => {
          throw new Error("database down");
        },
        done: () => ({}),
        refused,
      }),
    ).rejects.toThrow("database down");
  });
});

describe("formAction's page fields and headers", () => {
  it("sets a success's headers (cookies) and lets a refusal name its own fields, with or without a toast", async () => {
    const options = {
      schema,
      refused: (message: string, _m: string[], _s: number, refusal: { status: number } | null) =>
        refusal?.status === 410 ? null : refused(message),
      refusedFields: (refusal: { status: number } | null) => ({ status: refusal?.status === 410 ? "gone" : "failed" }),
      extra: { status: "pending" },
    };
    const ok = (await formAction(form({ name: "Ama" }), {
      ...options,
      run: async () => "done",
      done: () => ({ status: "done", headers: { "Set-Cookie": "session=; Max-Age=0" } }),
    })) as unknown as { data: Record<string, unknown>; init: { headers?: HeadersInit } | null };
    expect(ok.data).toMatchObject({ ok: true, status: "done" });
    expect(new Headers(ok.init?.headers).get("Set-Cookie")).toBe("session=; Max-Age=0");
    const gone = answerOf(
      await formAction(form({ name: "Ama" }), {
        ...options,
        run: async () => refuse(410, "Reset Link Invalid or Expired"),
        done: () => ({}),
      }),
    );
    expect(gone.status).toBe(410);
    expect(gone.body).toMatchObject({ ok: false, status: "gone" });
    expect(gone.body).not.toHaveProperty("toast");
    const schemaRefused = answerOf(
      await formAction(form({ name: " " }), { ...options, run: async () => "never", done: () => ({}) }),
    );
    expect(schemaRefused.body).toMatchObject({ ok: false, status: "failed", toast: refused("Name is required") });
  });
});

describe("formAction's posts read as they arrive (files streamed in before the values are checked)", () => {
  const base = { schema, done: () => ({ toast: { title: "Saved" } }), refused };

  it("answers a refusal met while reading first, with the values that arrived, without the schema or the domain", async () => {
    let called = false;
    let discarded = 0;
    const answer = await formAction(form({ name: " " }), {
      ...base,
      readRefusal: { status: 415, message: "Only PDF files" },
      run: async () => {
        called = true;
      },
      discard: async () => {
        discarded += 1;
      },
      extra: { intent: "create" },
    });
    const { status, body } = answerOf(answer);
    expect(called).toBe(false);
    expect(discarded).toBe(1);
    // Its status and message, not the schema's 400 (the values may be cut short).
    expect(status).toBe(415);
    expect(body).toMatchObject({ ok: false, intent: "create", toast: refused("Only PDF files") });
    const result = body.result as { error: Record<string, string[]>; initialValue: Record<string, unknown> };
    expect(result.error[""]).toEqual(["Only PDF files"]);
    expect(result.initialValue).toMatchObject({ name: " " });
    // A read refusal may name fields too.
    const onField = answerOf(
      await formAction(form({ name: "Ama" }), {
        ...base,
        readRefusal: { status: 400, message: "Please check the form", fieldErrors: { name: "Too long" } },
        run: async () => 1,
      }),
    );
    expect(onField.status).toBe(400);
    expect((onField.body.result as { error: Record<string, string[]> }).error.name).toEqual(["Too long"]);
    expect(onField.body.toast).toEqual(refused("Please check the form"));
  });

  it("discards what reading kept when the schema or the domain refuses, or the domain fails; never after success", async () => {
    const discarded: string[] = [];
    const discard = (why: string) => async () => {
      discarded.push(why);
    };
    await formAction(form({ name: "" }), { ...base, run: async () => 1, discard: discard("schema") });
    await formAction(form({ name: "A" }), {
      ...base,
      run: async () => refuse(429, "Too many attempts"),
      discard: discard("domain"),
    });
    await expect(
      formAction(form({ name: "A" }), {
        ...base,
        run: async () => {
          throw new Error("disk full");
        },
        discard: discard("failed"),
      }),
    ).rejects.toThrow("disk full");
    const ok = await formAction(form({ name: "A" }), { ...base, run: async () => 1, discard: discard("success") });
    expect(answerOf(ok).body.ok).toBe(true);
    const redirected = await formAction(form({ name: "A" }), {
      ...base,
      run: async () => 1,
      done: () => new Response(null, { status: 302, headers: { Location: "/x" } }),
      discard: discard("redirect"),
    });
    expect((redirected as Response).status).toBe(302);
    expect(discarded).toEqual(["schema", "domain", "failed"]);
  });
});

describe("readForm", () => {
  it("reads a body that is not a form as an empty form", async () => {
    const request = new Request("http://x/", {
      method: "POST",
      body: "{{{",
      headers: { "content-type": "text/plain" },
    });
    expect([...(await readForm(request)).keys()]).toEqual([]);
  });

  it("refuses a form naming its intent twice (400: no page posts one), and reads one intent", async () => {
    const body = (...intents: string[]) => new URLSearchParams(intents.map((i) => ["intent", i]));
    const post = (...intents: string[]) => new Request("http://x/", { method: "POST", body: body(...intents) });
    const thrown = await readForm(post("register", "revoke")).catch((error: unknown) => error);
    expect(refusalOf(thrown)).toEqual({ status: 400, message: "Unknown action" });
    expect((await readForm(post("register"))).get("intent")).toBe("register");
  });
});
