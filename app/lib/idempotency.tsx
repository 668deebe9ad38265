import { useRouteLoaderData } from "react-router";

/**
 * The hidden field every create form posts (docs/decisions/027): a key made when the
 * form was rendered, so a second post of the same form (a double tap, a retry after a timeout, a
 * draft sent again) is answered as the first and creates nothing (lib/idempotency.server.ts).
 */
export const IDEMPOTENCY_FIELD = "idempotency_key";

/**
 * The key of one form on this page: the page's form key (new in every answer, including the pages
 * the server keeps, and again after every post: the root loader runs again) and the form's name,
 * so two forms of one page never share one. The same on the server and in the browser.
 */
export function useFormKey(form: string): string {
  const root = useRouteLoaderData("root") as { formKey?: string } | undefined;
  return root?.formKey ? `${form}.${root.formKey}` : "";
}

/** The hidden key field of `form` (rendered by the server: it works without JavaScript). */
export function FormKeyField({ form }: { form: string }) {
  const value = useFormKey(form);
  // A new key (after a post the root loader answers again) is a new field: the browser's value follows.
  return value ? <input key={value} type="hidden" name={IDEMPOTENCY_FIELD} defaultValue={value} /> : null;
}
