import { createCookie, redirect } from "react-router";
import * as z from "zod/mini";
import type { ToastMessage } from "~/components/ui/toaster";
import { env } from "~/env.server";

/**
 * A one-time message carried across a redirect ("Referral Created" on the dashboard after the
 * create form), in a short-lived signed cookie rather than in the address: a reload, a shared link
 * or a later page never announces it again. The root loader reads it once and clears it.
 */
const FLASH_COOKIE = "qh_flash";

let cookie: ReturnType<typeof createCookie> | null = null;
function flashCookie() {
  cookie ??= createCookie(FLASH_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 60,
    secure: env().APP_URL.startsWith("https://"),
    secrets: [env().AUTH_SECRET],
  });
  return cookie;
}

const toastSchema = z.object({
  id: z.string().check(z.maxLength(64)),
  title: z.string().check(z.maxLength(200)),
  description: z.optional(z.string().check(z.maxLength(500))),
  variant: z.optional(z.enum(["default", "success", "destructive"])),
  /** The redirect is the one of a session found ended: the page it lands on drops the drafts. */
  sessionEnded: z.optional(z.boolean()),
});

/** True when the request carries a flash (the page cache must not answer it with a kept copy). */
export function hasFlash(cookieHeader: string | null | undefined): boolean {
  return !!cookieHeader?.includes(`${FLASH_COOKIE}=`);
}

/** The flash the request carries (or null), and the header that clears it. */
export async function readFlash(
  request: Request,
): Promise<{ toast: ToastMessage | null; sessionEnded: boolean; headers: Headers }> {
  const headers = new Headers();
  const header = request.headers.get("Cookie");
  if (!hasFlash(header)) return { toast: null, sessionEnded: false, headers };
  const parsed = toastSchema.safeParse(await flashCookie().parse(header));
  headers.append("Set-Cookie", await flashCookie().serialize("", { maxAge: 0 }));
  if (!parsed.success) return { toast: null, sessionEnded: false, headers };
  const { sessionEnded, ...toast } = parsed.data;
  return { toast, sessionEnded: sessionEnded === true, headers };
}

/** The Set-Cookie header that shows `toast` on the next page loaded (`sessionEnded`: the one of a session found ended). */
export async function flashHeader(toast: Omit<ToastMessage, "id"> & { sessionEnded?: boolean }): Promise<string> {
  return flashCookie().serialize({ ...toast, id: crypto.randomUUID() });
}

/** A redirect that shows `toast` on the page it lands on (`sessionEnded`: the one of a session found ended). */
export async function redirectWithToast(
  url: string,
  toast: Omit<ToastMessage, "id"> & { sessionEnded?: boolean },
  init?: ResponseInit,
) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await flashHeader(toast));
  return redirect(url, { ...init, headers });
}
