import { Link } from "react-router";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { allowedActor } from "~/auth/context.server";
import { Cell, Row, Table } from "~/components/ui/table";
import { dbOf } from "~/db/context.server";
import { listHubsForAdmin } from "~/features/hubs/hub-admin.server";
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
  return (
    <DashboardShell title="Hubs" actor={actor}>
      <p className="mb-6 max-w-2xl text-muted">
        Edit a hub's status, launch date, address, founding-member capacity and texts. Launching a coming-soon hub
        emails its waitlist.
      </p>
      <Table
        caption="Specialty hubs"
        headers={["Hub", "Status", "Launch", "Capacity", "Pending", "Notified", ""]}
        empty="No hubs."
        rowCount={rows.length}
        stacked
      >
        {rows.map((hub) => (
          <Row key={hub.slug} stacked>
            <Cell label="Hub" className="font-semibold">
              {hub.title}
            </Cell>
            <Cell label="Status">{hub.status === "live" ? "Live" : "Coming soon"}</Cell>
            <Cell label="Launch">{hub.launchDate ?? "—"}</Cell>
            <Cell label="Capacity">{hub.capacity}</Cell>
            <Cell label="Pending">{hub.pending}</Cell>
            <Cell label="Notified">{hub.notified}</Cell>
            <Cell label="">
              <Link to={`/dashboard/system-admin/hubs/${hub.slug}`} className="font-semibold text-brand-700 underline">
                Edit<span className="sr-only"> {hub.title}</span>
              </Link>
            </Cell>
          </Row>
        ))}
      </Table>
    </DashboardShell>
  );
}
