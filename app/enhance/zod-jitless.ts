import { config } from "zod/v4/core";

/**
 * Imported first by the page scripts that validate with zod: our CSP allows no eval, and zod's
 * compiled fast path would probe `new Function` while its schemas are built, which the browser
 * reports as a Content Security Policy violation even though zod catches it. The interpreted
 * path gives the same results.
 */
config({ jitless: true });
