import type { ReactNode } from "react";
import { Cell, Row, Table } from "~/components/ui/table";
import { formatAccraDateTime, formatCedis } from "~/features/referrals/public";
import { ALERT_TITLES, formatAge, formatBytes, type SystemHealth } from "../health";

const URGENCY_LABELS = { emergency: "Emergency", urgent: "Urgent", routine: "Routine" } as const;
const PAYOUT_LABELS = {
  prepared: "Prepared (awaiting approval)",
  queued: "Queued to send",
  pending: "Pending at the provider",
} as const;
const CHANNEL_LABELS = { sms: "SMS", whatsapp: "WhatsApp", email: "Email" } as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-10 first:mt-0" aria-labelledby={`health-${title}`}>
      <h2 id={`health-${title}`} className="mb-3 text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Figure({ label, value, warn = false }: { label: string; value: ReactNode; warn?: boolean }) {
  return (
    <div className={`rounded-xl border p-4 ${warn ? "border-red-300 bg-red-50" : "border-slate-200"}`}>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className={`mt-1 text-2xl font-bold ${warn ? "text-red-800" : ""}`}>{value}</dd>
    </div>
  );
}

const when = (iso: string | null) => (iso ? formatAccraDateTime(new Date(iso)) : "—");

/** The last good backup's age, and the last report when it failed (docs/operations.md, "Backups"). */
function BackupAge({ backup }: { backup: SystemHealth["backup"] }) {
  if (!backup) return <span className="text-base font-normal">Not reported</span>;
  return (
    <>
      {backup.lastSuccessAt ? `${formatAge(backup.ageSeconds)} ago` : "None yet"}
      {backup.lastSuccessBytes !== null && backup.lastSuccessAt ? (
        <span className="block text-sm font-normal">{formatBytes(backup.lastSuccessBytes)}</span>
      ) : null}
      {backup.lastStatus === "failed" ? (
        <span className="block text-sm font-normal">
          Last report failed {when(backup.lastReportAt)}
          {backup.lastNote ? `: ${backup.lastNote}` : ""}
        </span>
      ) : null}
    </>
  );
}

/** The health screen (issue 39): what operators act on, server-rendered, one column on a phone. */
export function HealthPanel({ health }: { health: SystemHealth }) {
  const open = health.alerts.filter((a) => !a.clearedAt);
  const pending = health.payouts.find((p) => p.state === "pending");
  const busiest = Math.max(1, ...health.perHour.map((h) => h.sent + h.failed));
  return (
    <div>
      <p className="mb-6 text-sm text-muted">
        Checked {when(health.checkedAt)} · version <code>{health.version}</code>
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Figure label="Open alerts" value={open.length} warn={open.length > 0} />
        <Figure
          label="Emergencies waiting over 1 hour"
          value={health.emergenciesOverHour}
          warn={health.emergenciesOverHour > 0}
        />
        <Figure label="Payouts pending at the provider" value={formatCedis(pending?.amountPesewas ?? 0)} />
        <Figure
          label="Disk free under DATA_DIR"
          value={health.disk ? formatBytes(health.disk.freeBytes) : "—"}
          warn={!!health.disk && health.disk.freeBytes < health.disk.totalBytes * 0.1}
        />
        <Figure
          label="Last good backup"
          value={<BackupAge backup={health.backup} />}
          warn={open.some((a) => a.rule === "backup_stale")}
        />
      </dl>

      <Section title="Alerts">
        <Table
          caption="Alerts, open first"
          headers={["Alert", "What was seen", "Started", "Cleared"]}
          empty="No alerts. The rules are checked every minute."
          rowCount={health.alerts.length}
          stacked
        >
          {health.alerts.map((a) => (
            <Row key={a.id}>
              <Cell label="Alert">
                <span className="font-semibold">{ALERT_TITLES[a.rule] ?? a.rule}</span>
                {a.subject ? ` (${a.subject})` : ""}
              </Cell>
              <Cell label="What was seen">{a.detail}</Cell>
              <Cell label="Started">{when(a.startedAt)}</Cell>
              <Cell label="Cleared">
                {a.clearedAt ? when(a.clearedAt) : <strong className="text-red-800">Open</strong>}
              </Cell>
            </Row>
          ))}
        </Table>
      </Section>

      <Section title="Referrals waiting">
        <Table
          caption="Pending referrals by urgency"
          headers={["Urgency", "Waiting", "Oldest"]}
          empty=""
          rowCount={3}
          stacked
        >
          {health.referralsWaiting.map((r) => (
            <Row key={r.urgency}>
              <Cell label="Urgency">{URGENCY_LABELS[r.urgency]}</Cell>
              <Cell label="Waiting">{r.count}</Cell>
              <Cell label="Oldest">{r.count ? formatAge(r.oldestSeconds) : "—"}</Cell>
            </Row>
          ))}
        </Table>
      </Section>

      <Section title="Job queues">
        <Table
          caption="Job queues"
          headers={["Queue", "Ready", "Running", "Failed (last hour)", "Oldest ready"]}
          empty="No queues."
          rowCount={health.queues.length}
          stacked
        >
          {health.queues.map((q) => (
            <Row key={q.queue}>
              <Cell label="Queue">
                <code>{q.queue}</code>
              </Cell>
              <Cell label="Ready">{q.ready}</Cell>
              <Cell label="Running">{q.active}</Cell>
              <Cell label="Failed (last hour)">{q.failedLastHour}</Cell>
              <Cell label="Oldest ready">{q.ready ? formatAge(q.oldestReadySeconds) : "—"}</Cell>
            </Row>
          ))}
        </Table>
      </Section>

      <Section title="Messaging providers">
        <Table
          caption="Each channel's last success and last error (last 7 days)"
          headers={["Channel", "Provider", "Last success", "Last error"]}
          empty=""
          rowCount={health.channels.length}
          stacked
        >
          {health.channels.map((c) => (
            <Row key={c.channel}>
              <Cell label="Channel">{CHANNEL_LABELS[c.channel]}</Cell>
              <Cell label="Provider">{c.provider ?? "—"}</Cell>
              <Cell label="Last success">{when(c.lastSuccessAt)}</Cell>
              <Cell label="Last error">
                {c.lastErrorAt ? (
                  <>
                    {when(c.lastErrorAt)}
                    <span className="block text-sm text-muted">{c.lastError}</span>
                  </>
                ) : (
                  "—"
                )}
              </Cell>
            </Row>
          ))}
        </Table>
        <h3 className="mt-6 mb-2 font-semibold">Deliveries per hour (last 24 hours)</h3>
        <ol className="space-y-1 text-sm" aria-label="Messages sent and failed per hour, oldest first">
          {health.perHour.map((h) => (
            <li key={h.hour} className="flex items-center gap-2">
              <span className="w-24 shrink-0 tabular-nums text-muted">{when(h.hour).split(", ").at(-1)}</span>
              <span className="flex h-3 grow overflow-hidden rounded bg-slate-100" aria-hidden="true">
                <span className="bg-brand-600" style={{ width: `${(h.sent / busiest) * 100}%` }} />
                <span className="bg-red-500" style={{ width: `${(h.failed / busiest) * 100}%` }} />
              </span>
              <span className="w-28 shrink-0 text-right tabular-nums">
                {h.sent} sent{h.failed ? `, ${h.failed} failed` : ""}
              </span>
            </li>
          ))}
        </ol>
      </Section>

      <Section title="Payouts">
        <Table
          caption="Payout transfers not yet settled"
          headers={["State", "Transfers", "Amount"]}
          empty=""
          rowCount={3}
          stacked
        >
          {health.payouts.map((p) => (
            <Row key={p.state}>
              <Cell label="State">{PAYOUT_LABELS[p.state]}</Cell>
              <Cell label="Transfers">{p.count}</Cell>
              <Cell label="Amount">{formatCedis(p.amountPesewas)}</Cell>
            </Row>
          ))}
        </Table>
        <p className="mt-3 text-sm">
          {pending?.count
            ? `The oldest transfer has been pending at the provider for ${formatAge(health.oldestPayoutPendingSeconds)}.`
            : "Nothing is pending at the provider."}{" "}
          {health.ledgerImbalancePesewas === 0
            ? "The ledger balances."
            : `The ledger does NOT balance: ${formatCedis(health.ledgerImbalancePesewas)}.`}
        </p>
      </Section>
    </div>
  );
}
