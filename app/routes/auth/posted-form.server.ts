import { readForm } from "~/lib/form-action.server";
import { formText } from "~/lib/form-text";

/**
 * The posted form of an account page, its text values as the domain functions read them
 * (lib/form-fields.ts `readFields`: U+0000 dropped), so the schema the route runs first and the
 * domain function's own check judge the same values. Read by `readForm`: a body that is not a form
 * is an empty form, one naming its intent twice is refused.
 */
export async function postedForm(request: Request): Promise<FormData> {
  const form = new FormData();
  for (const [name, value] of await readForm(request)) {
    form.append(name, typeof value === "string" ? formText(value) : value);
  }
  return form;
}
