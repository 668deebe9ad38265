import { useEffect, useRef } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { allowedActor } from "~/auth/context.server";
import { dashboardPath } from "~/auth/roles";
import { Pagination } from "~/components/ui/pagination";
import { dbOf } from "~/db/context.server";
import { type ReferralColumn, ReferralTable } from "~/features/referrals/components/referral-table";
import { type History, historyFilters, referralHistory } from "~/features/referrals/referral-history.server";
import { REFERRAL_STATUSES, STATUS_KEYS } from "~/features/referrals/referral-status";
import { useT } from "~/i18n/react";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/history";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Referral History",
    description: "Your referrals in every status, with search and a status filter.",
    noindex: true,
  });

/**
 * History, gated like the dashboards but for every role once approved: the doctor's
 * own referrals, the facility administrator's facility's, every referral for a system
 * administrator. The search, the status and the page are in the address.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await allowedActor(context);
  const filters = historyFilters(new URL(request.url).searchParams);
  return { actor, history: await referralHistory(dbOf(context), actor, filters) };
}

const COLUMNS: Record<History["scope"], ReferralColumn[]> = {
  doctor: ["number", "patient", "facility", "urgency", "status", "created", "share", "payout"],
  facility: ["number", "patient", "doctor", "urgency", "status", "created"],
  all: ["number", "patient", "doctor", "facility", "urgency", "status", "created"],
};

const INTRO: Record<History["scope"], string> = {
  doctor: "Every referral you have made, in every status.",
  facility: "Every referral sent to your facility, in every status.",
  all: "Every referral on the platform, in every status.",
};

/** The export's query string: the same search and status as the list. */
function exportQuery(q: string, status: string | null): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (status) params.set("status", status);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** How long typing may pause before the search runs (with JavaScript; without it, the Search button). */
const TYPING_PAUSE_MS = 350;

export default function HistoryPage({ loaderData }: Route.ComponentProps) {
  const { actor, history } = loaderData;
  const { q, status } = history.filters;
  const filtered = q !== "" || status !== null;
  const t = useT();
  return (
    <DashboardShell title={t("Referral History")} actor={actor}>
      <p className="-mt-4 mb-6 text-muted">
        {t(INTRO[history.scope])}{" "}
        <Link to={dashboardPath(actor.role)} className="text-brand-700 underline underline-offset-2">
          {t("Back to the dashboard")}
        </Link>
      </p>
      <HistoryFilters q={q} status={status ?? ""} />
      <ReferralTable
        caption={t("Referral history, newest first")}
        rows={history.rows}
        columns={COLUMNS[history.scope]}
        empty={
          filtered
            ? q
              ? status
                ? t("referrals.history.noMatchWithStatus", { q, status: t(STATUS_KEYS[status]) })
                : t("referrals.history.noMatch", { q })
              : t("referrals.history.noStatus", { status: t(STATUS_KEYS[status ?? "pending"]) })
            : t("No referrals yet.")
        }
      />
      <Pagination page={history.page} hasNext={history.hasNext} label={t("History pages")} />
      {history.scope !== "doctor" ? (
        <p className="mt-6">
          {/* A file, not a page: the browser downloads it, with the filters shown here. */}
          <Link
            to={`/exports/referrals.csv${exportQuery(q, status)}`}
            reloadDocument
            download
            className="btn-secondary"
          >
            {t("Download these referrals (CSV)")}
          </Link>
        </p>
      ) : null}
    </DashboardShell>
  );
}

/**
 * The search and the status filter: a GET form (the address holds them; without JavaScript the
 * Search button sends it). With React the status applies as soon as it changes and the search
 * after a pause in typing, each replacing the address rather than adding to the history.
 */
function HistoryFilters({ q, status }: { q: string; status: string }) {
  const t = useT();
  const submit = useSubmit();
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const send = () => {
    clearTimeout(timer.current);
    if (form.current) submit(form.current, { replace: true, preventScrollReset: true });
  };
  const searching = navigation.state === "loading" && navigation.location.pathname === "/referrals/history";
  return (
    <search>
      <Form
        ref={form}
        method="get"
        preventScrollReset
        className="mb-4 flex flex-wrap items-end gap-3"
        onSubmit={() => clearTimeout(timer.current)}
      >
        <div className="grow sm:max-w-sm">
          <label htmlFor="history-search" className="field-label">
            {t("Search by referral number or patient name")}
          </label>
          <input
            key={q}
            id="history-search"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={100}
            autoComplete="off"
            className="field-input"
            onChange={() => {
              clearTimeout(timer.current);
              timer.current = setTimeout(send, TYPING_PAUSE_MS);
            }}
          />
        </div>
        <div>
          <label htmlFor="history-status" className="field-label">
            {t("Status")}
          </label>
          <select
            key={status}
            id="history-status"
            name="status"
            defaultValue={status}
            className="field-input min-w-40"
            onChange={send}
          >
            <option value="">{t("All statuses")}</option>
            {REFERRAL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(STATUS_KEYS[s])}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary" aria-busy={searching || undefined}>
          {t("Search")}
        </button>
      </Form>
    </search>
  );
}
