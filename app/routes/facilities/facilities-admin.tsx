import { Form, Link } from "react-router";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { allowedActor } from "~/auth/context.server";
import { Pagination } from "~/components/ui/pagination";
import { Cell, Row, Table } from "~/components/ui/table";
import { dbOf } from "~/db/context.server";
import { listFacilitiesForAdmin } from "~/features/facilities/facility-admin-reads.server";
import { formatCalendarDate } from "~/features/facilities/facility-format";
import { typeLabel } from "~/features/facilities/facility-options";
import { countOpenReports } from "~/features/facilities/facility-reports.server";
import { useLocale, useT } from "~/i18n/react";
import { pageFrom } from "~/lib/paging";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/facilities-admin";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Facilities", description: "The network's facilities.", noindex: true });

const STATUSES = [
  { value: "", label: "All" },
  { value: "active", label: "Active" },
  { value: "inactive", label: "Deactivated" },
] as const;

/** Every facility, active or not, searchable and paged, with its open reports (system administrators). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await allowedActor(context);
  const db = dbOf(context);
  const params = new URL(request.url).searchParams;
  const requested = params.get("status");
  const status = requested === "active" || requested === "inactive" ? requested : null;
  const q = params.get("q") ?? "";
  const page = {
    q,
    status,
    facilities: await listFacilitiesForAdmin(db, actor, { page: pageFrom(params.get("page")), q, status }),
    openReports: await countOpenReports(db, actor),
  };
  return { actor, page };
}

export default function FacilitiesAdmin({ loaderData }: Route.ComponentProps) {
  const { actor, page } = loaderData;
  const t = useT();
  const locale = useLocale();
  return (
    <DashboardShell title={t("Facilities")} actor={actor}>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <Link to="/dashboard/system-admin/facilities/new" className="btn-primary">
          {t("Add facility")}
        </Link>
        <Link to="/dashboard/facility-reports" className="btn-secondary">
          {t("facilities.wrong-information-reports", { count: page.openReports })}
        </Link>
      </div>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" role="search">
        <div>
          <label htmlFor="facility-admin-q" className="field-label">
            {t("Search")}
          </label>
          <input
            id="facility-admin-q"
            name="q"
            type="search"
            defaultValue={page.q}
            maxLength={100}
            className="field-input"
            placeholder={t("Name, location or description")}
          />
        </div>
        <div>
          <label htmlFor="facility-admin-status" className="field-label">
            {t("Status")}
          </label>
          <select id="facility-admin-status" name="status" defaultValue={page.status ?? ""} className="field-input">
            {STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {t(s.label)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          {t("Filter")}
        </button>
      </Form>
      <Table
        caption={t("Facilities")}
        headers={[t("Name"), t("Type"), t("Location"), t("Status"), t("Licence"), t("Reports"), ""]}
        empty={page.q ? t("facilities.none-match", { query: page.q }) : t("No facilities yet.")}
        rowCount={page.facilities.rows.length}
        stacked
      >
        {page.facilities.rows.map((f) => (
          <Row key={f.id} stacked>
            <Cell label={t("Name")} className="font-semibold">
              {f.name}
            </Cell>
            <Cell label={t("Type")}>{t(typeLabel(f.type))}</Cell>
            <Cell label={t("Location")}>{f.location}</Cell>
            <Cell label={t("Status")}>{f.isActive ? t("Active") : t("Deactivated")}</Cell>
            <Cell label={t("Licence")}>
              {f.licenceVerifiedOn
                ? t("facilities.licence-verified-on", { date: formatCalendarDate(f.licenceVerifiedOn, locale) })
                : t("Not verified")}
            </Cell>
            <Cell label={t("Reports")}>{f.openReports}</Cell>
            <Cell label="">
              <Link to={`/dashboard/facilities/${f.id}`} className="font-semibold text-brand-700 underline">
                {t("Edit")}
                <span className="sr-only"> {f.name}</span>
              </Link>
            </Cell>
          </Row>
        ))}
      </Table>
      <Pagination page={page.facilities.page} hasNext={page.facilities.hasNext} label={t("Facilities pages")} />
    </DashboardShell>
  );
}
