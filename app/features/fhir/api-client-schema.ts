import * as z from "zod/mini";

/*
 * The form a system administrator registers a hospital system with (issue 36), client-safe: its
 * name, the facility it belongs to (none: the network's read-only client) and its public keys.
 */

export const apiClientSchema = z.object({
  name: z.pipe(
    z.string({ error: "Enter the system's name" }).check(z.trim()),
    z
      .string()
      .check(z.minLength(1, "Enter the system's name"), z.maxLength(200, "The name must be at most 200 characters")),
  ),
  facility: z.optional(z.string().check(z.maxLength(200, "Choose a facility from the list"))),
  jwks: z
    .string({ error: "Paste the system's public keys (a JWKS)" })
    .check(
      z.minLength(1, "Paste the system's public keys (a JWKS)"),
      z.maxLength(20000, "The JWKS must be at most 20,000 characters"),
    ),
});
export type ApiClientInput = z.output<typeof apiClientSchema>;
