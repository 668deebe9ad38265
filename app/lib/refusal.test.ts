import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { parseOrRefuse, refusalError, refusalOf, refuse } from "./refusal";

const schema = z.object({
  name: z.string({ error: "Name is required" }).check(z.trim(), z.minLength(1, "Name is required")),
  town: z.string({ error: "Town is required" }).check(z.trim(), z.maxLength(5, "Town is too long")),
});

function thrown(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    return refusalOf(error);
  }
  throw new Error("not refused");
}

describe("parseOrRefuse", () => {
  it("gives the parsed values", () => {
    expect(parseOrRefuse(schema, { name: " Ama ", town: "Ho" })).toEqual({ name: "Ama", town: "Ho" });
  });

  it("refuses with 400, each field's first message, and the first as the message", () => {
    expect(thrown(() => parseOrRefuse(schema, { name: " ", town: "Sekondi" }))).toEqual({
      status: 400,
      message: "Name is required",
      fieldErrors: { name: "Name is required", town: "Town is too long" },
    });
    expect(thrown(() => parseOrRefuse(schema, {}))).toMatchObject({ fieldErrors: { name: "Name is required" } });
  });

  it("takes its message from the field messages when told how", () => {
    const refusal = thrown(() =>
      parseOrRefuse(schema, { name: "", town: "Sekondi" }, (errors) => Object.values(errors).join(", ")),
    );
    expect(refusal?.message).toBe("Name is required, Town is too long");
  });
});

describe("refusalError", () => {
  it("is what refuse throws, as a value (a stream fails with it), read back by refusalOf", () => {
    expect(refusalOf(refusalError(413, "The file is larger than 10 MB"))).toEqual({
      status: 413,
      message: "The file is larger than 10 MB",
    });
    expect(refusalOf(refusalError(400, "Please check the form", { name: "Taken" }))).toEqual(
      thrown(() => refuse(400, "Please check the form", { name: "Taken" })),
    );
  });
});
