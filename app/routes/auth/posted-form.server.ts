import { formText } from "~/lib/form-text";

/**
 * The posted form of an account page, its text values as the domain functions read them
 * (lib/form-fields.ts `readFields`: U+0000 dropped), so the schema the route runs first and the
 * domain function's own check judge the same values. A body that is not a form is an empty form.
 */
export async function postedForm(request: Request): Promise<FormData> {
  const posted = await request.formData().catch(() => new FormData());
  const form = new FormData();
  for (const [name, value] of posted) form.append(name, typeof value === "string" ? formText(value) : value);
  return form;
}
