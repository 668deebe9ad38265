// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { keepDraftsOnNetworkFailure, writeDraft } from "./drafts";
import { shrunkSize } from "./shrink-photo";
import { postWithProgress, UploadLost } from "./upload";

/*
 * A photo on a slow uplink (decision 037). The create form gave up after a fixed 30 s although
 * the server made the referral, said "No connection", and a retry uploaded the photo again. Now an
 * upload runs as long as it moves, and a lost answer is looked up by the form's key.
 */

const KEY = "referral.lost-answer-key-0000000000";
const LOOKUP = "/referrals/create/sent";

function postWithPhoto(): Request {
  const form = new FormData();
  form.append("idempotency_key", KEY);
  form.append("patient_name", "Ama Mensah");
  form.append("files", new File([new Uint8Array(2048)], "letter.jpg", { type: "image/jpeg" }), "letter.jpg");
  return new Request("http://localhost:3000/referrals/create", { method: "POST", body: form });
}

function keepDraft(unsent: boolean) {
  writeDraft("doctor-1", "referral", {
    savedAt: Date.now(),
    patientData: true,
    fields: [["patient_name", "Ama Mensah"]],
    key: KEY,
    unsent,
  });
}
const draftKept = () => Object.keys(localStorage).some((name) => name.startsWith("qh:draft:"));

/** The lookup's answers in turn (the server's /referrals/create/sent). */
function lookupAnswers(...locations: Array<string | null>) {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      asked.push(String(url));
      const location = locations.shift() ?? null;
      return new Response(JSON.stringify({ location }), { status: location ? 200 : 404 });
    }),
  );
  return asked;
}

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("a lost answer to a post with a photo", () => {
  it("is looked up by the form's key, and the page goes to the referral the server made", async () => {
    keepDraft(false);
    const asked = lookupAnswers("/referrals/REF-2026-000123");
    const send = vi.fn(async () => {
      throw new UploadLost("timeout", true);
    });
    const serverAction = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    const clientAction = keepDraftsOnNetworkFailure({ timeoutMs: 30_000, upload: { send, lookup: LOOKUP } });
    const error = await thrown(clientAction({ request: postWithPhoto(), serverAction }));
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).headers.get("Location")).toBe("/referrals/REF-2026-000123");
    expect(send).toHaveBeenCalledTimes(1);
    expect(serverAction).not.toHaveBeenCalled();
    expect(asked).toEqual([`${LOOKUP}?key=${encodeURIComponent(KEY)}`]);
    // Its draft has done its work.
    expect(draftKept()).toBe(false);
  });

  it("still says No connection when nothing was made (the draft kept, marked unsent)", async () => {
    keepDraft(false);
    lookupAnswers(null);
    const clientAction = keepDraftsOnNetworkFailure({
      upload: {
        send: async () => {
          throw new UploadLost("offline", false);
        },
        lookup: LOOKUP,
      },
    });
    const answer = await clientAction({ request: postWithPhoto(), serverAction: async () => null });
    expect(answer).toMatchObject({ data: { networkFailure: "offline" }, init: { status: 503 } });
    expect(JSON.parse(localStorage.getItem(Object.keys(localStorage)[0]!)!).unsent).toBe(true);
  });

  it("a resend of an unsent draft asks first, and does not upload again what arrived", async () => {
    keepDraft(true);
    lookupAnswers("/referrals/REF-2026-000124");
    const send = vi.fn(async () => ({ ok: true }));
    const clientAction = keepDraftsOnNetworkFailure({ upload: { send, lookup: LOOKUP } });
    const error = await thrown(clientAction({ request: postWithPhoto(), serverAction: async () => null }));
    expect((error as Response).headers.get("Location")).toBe("/referrals/REF-2026-000124");
    expect(send).not.toHaveBeenCalled();
  });
});

/** An XMLHttpRequest whose upload the test moves by hand. */
class SlowUpload {
  static last: SlowUpload;
  upload: { onprogress?: (e: { loaded: number; total: number }) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  onprogress?: () => void;
  responseType = "";
  aborted = false;
  constructor() {
    SlowUpload.last = this;
  }
  open() {}
  send() {}
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
}

describe("an upload on a slow uplink", () => {
  it("runs as long as it moves (well past 30 s), and is given up only after 30 s without progress", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("XMLHttpRequest", SlowUpload);
    const posting = postWithProgress(postWithPhoto(), new FormData(), 30_000).catch((e: unknown) => e);
    const xhr = SlowUpload.last;
    // 300 KB at 200 kbit/s: 12 s; a 1 MB one 43 s. Progress every 5 s for 60 s keeps it going.
    for (let second = 5; second <= 60; second += 5) {
      await vi.advanceTimersByTimeAsync(5_000);
      xhr.upload.onprogress?.({ loaded: second * 25_000, total: 1_500_000 });
    }
    expect(xhr.aborted).toBe(false);
    // Then nothing moves for 30 s: given up as a timeout, the body not all sent.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(xhr.aborted).toBe(true);
    const error = await posting;
    expect(error).toBeInstanceOf(UploadLost);
    expect(error).toMatchObject({ reason: "timeout", uploaded: false });
  });
});

describe("photos shrunk before they are sent", () => {
  it("to 1,600 px on the long edge, never enlarged", () => {
    expect(shrunkSize(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(shrunkSize(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(shrunkSize(800, 600)).toEqual({ width: 800, height: 600 });
  });
});
