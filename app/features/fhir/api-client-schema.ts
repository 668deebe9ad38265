import * as z from "zod/mini";
import { hasVisibleText, nameText } from "~/lib/form-text";

/*
 * The forms a system administrator registers a hospital system with, and changes its scopes with
 * (decision 047), client-safe: its name, the facility it belongs to (none: the network's read-only
 * client), its scopes, and its public keys or the https address they are published at.
 */

/**
 * The scopes a client may be granted, with what each allows, in the order the screen offers them.
 * The same list as the database's API_CLIENT_SCOPES (a test keeps them equal): this file reaches
 * the browser, the schema does not.
 */
export const SCOPE_CHOICES = [
  { value: "system/*.rs", label: "Read and search every resource it may see (system/*.rs)" },
  { value: "system/Task.u", label: "Accept, reject and complete referrals by updating their Task (system/Task.u)" },
  { value: "system/Communication.c", label: "Post messages on referrals (system/Communication.c)" },
] as const;
const SCOPE_VALUES: readonly string[] = SCOPE_CHOICES.map((c) => c.value);

/** Ticked checkboxes: none, one (a string) or several (an array), each one of the choices. */
const scopes = z
  .pipe(
    z.optional(z.union([z.string(), z.array(z.string())])),
    z.transform((v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
  )
  .check(
    z.refine((v) => v.length > 0, "Choose at least one scope"),
    z.refine((v) => v.every((s) => SCOPE_VALUES.includes(s)), "Choose scopes from the list"),
  );

export const apiClientSchema = z.object({
  // Shown to administrators and in the audit: one line, no U+0000 (PostgreSQL text cannot hold it).
  name: z
    .string({ error: "Enter the system's name" })
    .check(
      z.overwrite(nameText),
      z.trim(),
      z.minLength(1, "Enter the system's name"),
      z.refine(hasVisibleText, "Enter the system's name"),
      z.maxLength(200, "The name must be at most 200 characters"),
    ),
  facility: z.optional(z.string().check(z.maxLength(200, "Choose a facility from the list"))),
  scopes,
  /** The public keys themselves, or (jwksUrl) where they are published: the server wants exactly one. */
  jwks: z.optional(z.string().check(z.maxLength(20000, "The JWKS must be at most 20,000 characters"))),
  jwksUrl: z.optional(
    z.string().check(z.trim(), z.maxLength(2000, "The JWKS address must be at most 2,000 characters")),
  ),
});
export type ApiClientInput = z.output<typeof apiClientSchema>;

export const apiClientScopesSchema = z.object({
  clientId: z.string({ error: "Client not found." }),
  scopes,
});
