import type { ReactNode } from "react";
import { Cell, Row, Table } from "~/components/ui/table";
import { URGENCY_KEYS } from "~/features/referrals/public";
import type { Locale } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/react";
import { formatAccraDateTime, formatCedis } from "~/lib/ghana-format";
import { ALERT_TITLES, formatAge, formatBytes, type SystemHealth } from "../health";

const PAYOUT_LABELS = {
  prepared: "Prepared (awaiting approval)",
  queued: "Queued to send",
  pending: "Pending at the provider",
} as const;
const CHANNEL_LABELS = { sms: "SMS", whatsapp: "WhatsApp", email: "Email" } as const;

/** A section; `title` is its English heading (its id is made of it) shown in the page's language. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  return (
    <section className="mt-10 first:mt-0" aria-labelledby={`health-${title}`}>
      <h2 id={`health-${title}`} className="mb-3 text-xl font-semibold">
        {t(title)}
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

const when = (iso: string | null, locale: Locale) => (iso ? formatAccraDateTime(new Date(iso), locale) : "—");

/** The last good backup's age, and the last report when it failed (docs/operations.md, "Backups"). */
function BackupAge({ backup }: { backup: SystemHealth["backup"] }) {
  const t = useT();
  const locale = useLocale();
  if (!backup) return <span className="text-base font-normal">{t("Not reported")}</span>;
  return (
    <>
      {backup.lastSuccessAt ? t("health.ago", { age: formatAge(backup.ageSeconds, locale) }) : t("health.none-yet")}
      {backup.lastSuccessBytes !== null && backup.lastSuccessAt ? (
        <span className="block text-sm font-normal">{formatBytes(backup.lastSuccessBytes, locale)}</span>
      ) : null}
      {backup.lastStatus === "failed" ? (
        <span className="block text-sm font-normal">
          {t("health.last-report-failed", { when: when(backup.lastReportAt, locale) })}
          {backup.lastNote ? `: ${backup.lastNote}` : ""}
        </span>
      ) : null}
    </>
  );
}

/** The health screen: what operators act on, server-rendered, one column on a phone. */
export function HealthPanel({ health }: { health: SystemHealth }) {
  const open = health.alerts.filter((a) => !a.clearedAt);
  const pending = health.payouts.find((p) => p.state === "pending");
  const busiest = Math.max(1, ...health.perHour.map((h) => h.sent + h.failed));
  const t = useT();
  const locale = useLocale();
  const at = (iso: string | null) => when(iso, locale);
  const cedis = (pesewas: number) => formatCedis(pesewas, locale);
  return (
    <div>
      <p className="mb-6 text-sm text-muted">
        {t("health.checked", { when: at(health.checkedAt) })} · {t("version")} <code>{health.version}</code>
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Figure label={t("Open alerts")} value={open.length} warn={open.length > 0} />
        <Figure
          label={t("Emergencies waiting over 1 hour")}
          value={health.emergenciesOverHour}
          warn={health.emergenciesOverHour > 0}
        />
        <Figure label={t("Payouts pending at the provider")} value={cedis(pending?.amountPesewas ?? 0)} />
        <Figure
          label={t("Disk free under DATA_DIR")}
          value={health.disk ? formatBytes(health.disk.freeBytes, locale) : "—"}
          warn={!!health.disk && health.disk.freeBytes < health.disk.totalBytes * 0.1}
        />
        <Figure
          label={t("Last good backup")}
          value={<BackupAge backup={health.backup} />}
          warn={open.some((a) => a.rule === "backup_stale")}
        />
      </dl>

      <Section title="Alerts">
        <Table
          caption={t("Alerts, open first")}
          headers={[t("Alert"), t("What was seen"), t("Started"), t("Cleared")]}
          empty={t("No alerts. The rules are checked every minute.")}
          rowCount={health.alerts.length}
          stacked
        >
          {health.alerts.map((a) => (
            <Row key={a.id}>
              <Cell label={t("Alert")}>
                <span className="font-semibold">{ALERT_TITLES[a.rule] ? t(ALERT_TITLES[a.rule]) : a.rule}</span>
                {a.subject ? ` (${a.subject})` : ""}
              </Cell>
              <Cell label={t("What was seen")}>{a.detail}</Cell>
              <Cell label={t("Started")}>{at(a.startedAt)}</Cell>
              <Cell label={t("Cleared")}>
                {a.clearedAt ? at(a.clearedAt) : <strong className="text-red-800">{t("health.open")}</strong>}
              </Cell>
            </Row>
          ))}
        </Table>
      </Section>

      <Section title="Referrals waiting">
        <Table
          caption={t("Pending referrals by urgency")}
          headers={[t("Urgency"), t("Waiting"), t("Oldest")]}
          empty=""
          rowCount={3}
          stacked
        >
          {health.referralsWaiting.map((r) => (
            <Row key={r.urgency}>
              <Cell label={t("Urgency")}>{t(URGENCY_KEYS[r.urgency])}</Cell>
              <Cell label={t("Waiting")}>{r.count}</Cell>
              <Cell label={t("Oldest")}>{r.count ? formatAge(r.oldestSeconds, locale) : "—"}</Cell>
            </Row>
          ))}
        </Table>
      </Section>

      <Section title="Job queues">
        <Table
          caption={t("Job queues")}
          headers={[t("Queue"), t("Ready"), t("Running"), t("Failed (last hour)"), t("Oldest ready")]}
          empty={t("No queues.")}
          rowCount={health.queues.length}
          stacked
        >
          {health.queues.map((q) => (
            <Row key={q.queue}>
              <Cell label={t("Queue")}>
                <code>{q.queue}</code>
              </Cell>
              <Cell label={t("Ready")}>{q.ready}</Cell>
              <Cell label={t("Running")}>{q.active}</Cell>
              <Cell label={t("Failed (last hour)")}>{q.failedLastHour}</Cell>
              <Cell label={t("Oldest ready")}>{q.ready ? formatAge(q.oldestReadySeconds, locale) : "—"}</Cell>
            </Row>
          ))}
        </Table>
      </Section>

      <Section title="Messaging providers">
        <Table
          caption={t("Each channel's last success and last error (last 7 days)")}
          headers={[t("Channel"), t("Provider"), t("Last success"), t("Last error")]}
          empty=""
          rowCount={health.channels.length}
          stacked
        >
          {health.channels.map((c) => (
            <Row key={c.channel}>
              <Cell label={t("Channel")}>{t(CHANNEL_LABELS[c.channel])}</Cell>
              <Cell label={t("Provider")}>{c.provider ?? "—"}</Cell>
              <Cell label={t("Last success")}>{at(c.lastSuccessAt)}</Cell>
              <Cell label={t("Last error")}>
                {c.lastErrorAt ? (
                  <>
                    {at(c.lastErrorAt)}
                    <span className="block text-sm text-muted">{c.lastError}</span>
                  </>
                ) : (
                  "—"
                )}
              </Cell>
            </Row>
          ))}
        </Table>
        <h3 className="mt-6 mb-2 font-semibold">{t("Deliveries per hour (last 24 hours)")}</h3>
        <ol className="space-y-1 text-sm" aria-label={t("Messages sent and failed per hour, oldest first")}>
          {health.perHour.map((h) => (
            <li key={h.hour} className="flex items-center gap-2">
              <span className="w-24 shrink-0 tabular-nums text-muted">{at(h.hour).split(", ").at(-1)}</span>
              <span className="flex h-3 grow overflow-hidden rounded bg-slate-100" aria-hidden="true">
                <span className="bg-brand-600" style={{ width: `${(h.sent / busiest) * 100}%` }} />
                <span className="bg-red-500" style={{ width: `${(h.failed / busiest) * 100}%` }} />
              </span>
              <span className="w-28 shrink-0 text-right tabular-nums">
                {h.failed
                  ? t("health.sent-failed", { sent: h.sent, failed: h.failed })
                  : t("health.sent", { sent: h.sent })}
              </span>
            </li>
          ))}
        </ol>
      </Section>

      <Section title="Payouts">
        <Table
          caption={t("Payout transfers not yet settled")}
          headers={[t("State"), t("Transfers"), t("Amount")]}
          empty=""
          rowCount={3}
          stacked
        >
          {health.payouts.map((p) => (
            <Row key={p.state}>
              <Cell label={t("State")}>{t(PAYOUT_LABELS[p.state])}</Cell>
              <Cell label={t("Transfers")}>{p.count}</Cell>
              <Cell label={t("Amount")}>{cedis(p.amountPesewas)}</Cell>
            </Row>
          ))}
        </Table>
        <p className="mt-3 text-sm">
          {pending?.count
            ? t("health.oldest-pending", { age: formatAge(health.oldestPayoutPendingSeconds, locale) })
            : t("Nothing is pending at the provider.")}{" "}
          {health.ledgerImbalancePesewas === 0
            ? t("The ledger balances.")
            : t("health.ledger-imbalance", { amount: cedis(health.ledgerImbalancePesewas) })}
        </p>
      </Section>
    </div>
  );
}
