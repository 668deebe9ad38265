import { data, UNSAFE_decodeViaTurboStream as decodeViaTurboStream, redirect } from "react-router";
import { setUploadState } from "./upload-state";

/*
 * Posts that carry files over a slow uplink (decision 037): at 200 kbit/s a 1 MB photo takes
 * 43 s, so a fixed 30-second limit gave up on posts the server then completed, and a retry
 * uploaded it all again. Here a route's clientAction sends the post itself with XMLHttpRequest,
 * whose upload reports progress (fetch's does not), to the same single-fetch address React
 * Router's own `serverAction()` uses, and decodes the answer the same way; the post is given up
 * only when nothing has moved for `idleMs`. A lost answer is `UploadLost`: the caller asks the
 * server by the form's key what the post made (lib/drafts.ts). Loaded only when a post carries a
 * file (a dynamic import).
 */

/** The answer to a post did not come: no connection, or nothing moved for the idle limit. */
export class UploadLost extends Error {
  readonly reason: "offline" | "timeout";
  /** The whole body had been sent (the server may have made what it asked for). */
  readonly uploaded: boolean;
  constructor(reason: "offline" | "timeout", uploaded: boolean) {
    super(`upload lost (${reason})`);
    // Read by name (lib/drafts.ts does not import this module until a file is posted).
    this.name = "UploadLost";
    this.reason = reason;
    this.uploaded = uploaded;
  }
}

/** React Router's single-fetch address of a route's action: `/referrals/create` -> `/referrals/create.data`. */
export function singleFetchUrl(requestUrl: string): URL {
  const url = new URL(requestUrl, window.location.origin);
  url.pathname = url.pathname.endsWith("/") ? `${url.pathname}_.data` : `${url.pathname}.data`;
  return url;
}

type Answer = { status: number; header: (name: string) => string | null; body: ArrayBuffer | null };

/** What the action answered, as `serverAction()` gives it: its data, or a thrown redirect or error. */
export async function decodeAnswer(answer: Answer): Promise<unknown> {
  const { status } = answer;
  const redirectTo = answer.header("X-Remix-Redirect");
  if (status === 204 && redirectTo) {
    throw redirect(redirectTo, { status: Number(answer.header("X-Remix-Status") || "302") });
  }
  if (status >= 400 && !answer.header("X-Remix-Response")) {
    throw data(new TextDecoder().decode(answer.body ?? new ArrayBuffer(0)), { status });
  }
  if (status === 204 || status === 205 || status === 304 || !answer.body) return undefined;
  const decoded = await decodeViaTurboStream(new Response(answer.body).body!, window);
  const typed = decoded.value as Record<string, unknown>;
  if ("redirect" in typed) {
    const { revalidate, reload, replace } = typed as { revalidate?: boolean; reload?: boolean; replace?: boolean };
    throw redirect(String(typed.redirect), {
      status: Number(typed.status) || 302,
      headers: {
        ...(revalidate ? { "X-Remix-Revalidate": "yes" } : null),
        ...(reload ? { "X-Remix-Reload-Document": "yes" } : null),
        ...(replace ? { "X-Remix-Replace": "yes" } : null),
      },
    });
  }
  if ("error" in typed) throw typed.error;
  // Like React Router's own: the action's status goes with its data (a refused post: no revalidation).
  return status === 200 ? typed.data : data(typed.data, { status });
}

/**
 * Sends `form` to the action of `request`'s route with upload progress (setUploadState), giving up
 * (UploadLost "timeout") only when neither the upload nor the answer has moved for `idleMs`.
 * Rejects with UploadLost "offline" when the connection fails, with the request's own abort when
 * React Router cancels it (a navigation elsewhere).
 */
export function postWithProgress(request: Request, form: FormData, idleMs: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let uploaded = false;
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stillMoving = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        xhr.abort();
      }, idleMs);
    };
    const done = () => {
      clearTimeout(timer);
      request.signal.removeEventListener("abort", cancel);
    };
    const cancel = () => xhr.abort();
    request.signal.addEventListener("abort", cancel);
    xhr.open("POST", singleFetchUrl(request.url));
    xhr.responseType = "arraybuffer";
    xhr.upload.onprogress = (event) => {
      stillMoving();
      setUploadState({ phase: "sending", loaded: event.loaded, total: event.total });
    };
    xhr.upload.onload = () => {
      uploaded = true;
      stillMoving();
      setUploadState({ phase: "waiting" });
    };
    xhr.onprogress = stillMoving;
    xhr.onload = () => {
      done();
      decodeAnswer({
        status: xhr.status,
        header: (name) => xhr.getResponseHeader(name),
        body: xhr.response as ArrayBuffer | null,
      }).then(resolve, reject);
    };
    xhr.onerror = () => {
      done();
      reject(new UploadLost("offline", uploaded));
    };
    xhr.onabort = () => {
      done();
      if (request.signal.aborted) reject(request.signal.reason ?? new DOMException("Aborted", "AbortError"));
      else reject(new UploadLost(timedOut ? "timeout" : "offline", uploaded));
    };
    setUploadState({ phase: "sending", loaded: 0, total: 0 });
    stillMoving();
    xhr.send(form);
  });
}

/**
 * Where the post with `key` went (`GET {lookup}?key=`): the address the server kept for it, or null
 * (nothing made, or not reachable). After a whole upload the server may still be writing, so it is
 * asked a few times; after a partial one, once.
 */
export async function findSentByKey(
  lookup: string,
  key: string,
  options: { tries: number; pauseMs?: number } = { tries: 1 },
): Promise<string | null> {
  setUploadState({ phase: "checking" });
  for (let attempt = 0; attempt < options.tries; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, (options.pauseMs ?? 2_000) * attempt));
    try {
      const answer = await fetch(`${lookup}?key=${encodeURIComponent(key)}`, {
        headers: { Accept: "application/json" },
        cache: "no-store",
      });
      if (answer.ok) {
        const body = (await answer.json()) as { location?: unknown };
        if (typeof body.location === "string" && body.location.startsWith("/")) return body.location;
      }
    } catch {
      return null;
    }
  }
  return null;
}
