import { intentRepeated } from "~/lib/form-fields";
import { formText } from "~/lib/form-text";
import { refuse } from "~/lib/refusal";

/**
 * The posted form of an account page, its text values as the domain functions read them
 * (lib/form-fields.ts `readFields`: U+0000 dropped), so the schema the route runs first and the
 * domain function's own check judge the same values. A body that is not a form is an empty form;
 * one naming its intent twice is refused (lib/form-fields.ts `intentRepeated`).
 */
export async function postedForm(request: Request): Promise<FormData> {
  const posted = await request.formData().catch(() => new FormData());
  if (intentRepeated(posted)) refuse(400, "Unknown action");
  const form = new FormData();
  for (const [name, value] of posted) form.append(name, typeof value === "string" ? formText(value) : value);
  return form;
}
