import { describe, expect, it } from "vitest";
import { logError } from "./logger.server";

describe("logError", () => {
  it("keeps a database error's query and message but never its parameter values", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: "23505",
    });
    const error = Object.assign(
      new Error(
        'Failed query: insert into "users" ("full_name", "email") values ($1, $2)\nparams: Ama Mensah,ama@example.org',
      ),
      {
        query: 'insert into "users" ("full_name", "email") values ($1, $2)',
        params: ["Ama Mensah", "ama@example.org"],
        cause,
      },
    );
    const logged = JSON.stringify(logError(error));
    expect(logged).not.toContain("Ama Mensah");
    expect(logged).not.toContain("ama@example.org");
    expect(logged).toContain("Failed query: insert into");
    expect(logged).toContain("23505");
  });

  it("drops parameters that run up to the driver's own message", () => {
    const error = new Error(
      'Failed query: select 1 where x ilike $1\nparams: %\u0000%,21: invalid byte sequence for encoding "UTF8": 0x00',
    );
    const logged = JSON.stringify(logError(error));
    expect(logged).not.toContain("%\\u0000%");
    expect(logged).toContain("invalid byte sequence");
  });
});
