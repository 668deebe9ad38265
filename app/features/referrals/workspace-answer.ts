import type { TransitionAnswer } from "./components/reject-dialog";

/** What the referral page posts: the status table's transitions, a message, a file. */
export type WorkspaceIntent = "accept" | "reject" | "complete" | "cancel" | "message" | "attach";

/** What the action answers a fetcher (with React) or a refused plain post (shown in the page). */
export type WorkspaceAnswer = TransitionAnswer & { ok: boolean; kind: WorkspaceIntent | null };

/** The answer meant for one form: its fetcher's, or the page's after a plain post. */
export function answerFor(
  kind: WorkspaceIntent,
  fetcherData: WorkspaceAnswer | undefined,
  answer: WorkspaceAnswer | undefined,
): WorkspaceAnswer | undefined {
  if (fetcherData?.kind === kind) return fetcherData;
  if (answer?.kind === kind) return answer;
  return undefined;
}
