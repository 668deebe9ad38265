import { Link } from "react-router";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { allowedActor } from "~/auth/context.server";
import { Cell, Row, Table } from "~/components/ui/table";
import { dbOf } from "~/db/context.server";
import { listHubsForAdmin } from "~/features/hubs/hub-admin.server";
import { useT } from "~/i18n/react";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/hubs-admin";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Hubs", description: "The specialty hubs and their waitlists.", noindex: true });

/** Every hub, with its waitlist's Pending and Notified entries (system administrators). */
export async function loader({ context }: Route.LoaderArgs) {
  const actor = await allowedActor(context);
  return { actor, rows: await listHubsForAdmin(dbOf(context), actor) };
}

export default function HubsAdmin({ loaderData }: Route.ComponentProps) {
  const { actor, rows } = loaderData;
  const t = useT();
  return (
    <DashboardShell title={t("Hubs")} actor={actor}>
      <p className="mb-6 max-w-2xl text-muted">
        {t(
          "Edit a hub's status, launch date, address, founding-member capacity and texts. Launching a coming-soon hub emails its waitlist.",
        )}
      </p>
      <Table
        caption={t("Specialty hubs")}
        headers={[t("Hub"), t("Status"), t("hubs.launch"), t("Capacity"), t("Pending"), t("Notified"), ""]}
        empty={t("No hubs.")}
        rowCount={rows.length}
        stacked
      >
        {rows.map((hub) => (
          <Row key={hub.slug} stacked>
            <Cell label={t("Hub")} className="font-semibold">
              {hub.title}
            </Cell>
            <Cell label={t("Status")}>{hub.status === "live" ? t("Live") : t("Coming soon")}</Cell>
            <Cell label={t("hubs.launch")}>{hub.launchDate ?? "—"}</Cell>
            <Cell label={t("Capacity")}>{hub.capacity}</Cell>
            <Cell label={t("Pending")}>{hub.pending}</Cell>
            <Cell label={t("Notified")}>{hub.notified}</Cell>
            <Cell label="">
              <Link to={`/dashboard/system-admin/hubs/${hub.slug}`} className="font-semibold text-brand-700 underline">
                {t("Edit")}
                <span className="sr-only"> {hub.title}</span>
              </Link>
            </Cell>
          </Row>
        ))}
      </Table>
    </DashboardShell>
  );
}
