import { Form, Link } from "react-router";
import type { ActorSummary } from "../actor";
import { dashboardPath, ROLE_LABELS } from "../roles";

/**
 * Who is signed in, with a Sign Out button that ends the session on the server: a post, and then
 * a document load (every page's data was the signed-in visitor's).
 */
export function SignedInBar({ user }: { user: NonNullable<ActorSummary> }) {
  return (
    <div className="border-b border-slate-200 bg-slate-50">
      <div className="container-page flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2 text-sm">
        <p className="min-w-0 text-muted">
          Signed in as <span className="font-semibold text-ink break-words">{user.fullName}</span>{" "}
          <span className="whitespace-nowrap">({ROLE_LABELS[user.role]})</span>
        </p>
        <div className="flex items-center gap-2">
          <Link to={dashboardPath(user.role)} className="btn-ghost min-h-9 px-3 py-1.5">
            Dashboard
          </Link>
          <Form method="post" action="/auth/sign-out" reloadDocument>
            <button type="submit" className="btn-secondary min-h-9 px-3 py-1.5">
              Sign Out
            </button>
          </Form>
        </div>
      </div>
    </div>
  );
}
