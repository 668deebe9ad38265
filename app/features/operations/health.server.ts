import { statfs } from "node:fs/promises";
import { sql } from "drizzle-orm";
import type { Actor } from "~/auth/actor";
import type { Db } from "~/db/client.server";
import { env } from "~/env.server";
import { refuse } from "~/lib/refusal";
import { runningVersion } from "~/lib/running-version.server";
import { recentAlerts } from "./alerts.server.ts";
import { readOperationalFigures } from "./figures.server.ts";
import type { ChannelHealth, SystemHealth } from "./health.ts";

const CHANNELS = ["sms", "whatsapp", "email"] as const;
const HOUR_MS = 3_600_000;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

/**
 * The health screen's figures: system administrators only. The figures the alerts read,
 * each channel's last success and last error, deliveries per hour, the alerts, the disk under
 * DATA_DIR and the version running.
 */
export async function systemHealth(db: Db, actor: Actor, now = new Date()): Promise<SystemHealth> {
  if (actor.kind === "anonymous") refuse(401, "Authentication Required");
  if (actor.role !== "system_admin" || !actor.approved) refuse(403, "Access denied");
  const figures = await readOperationalFigures(db, now);
  const weekAgo = new Date(now.getTime() - 7 * 24 * HOUR_MS).toISOString();
  const channels = rowsOf<{
    channel: ChannelHealth["channel"];
    provider: string | null;
    last_success: string | null;
    last_error_at: string | null;
    last_error: string | null;
  }>(
    await db.execute(sql`
      select channel,
             (array_agg(provider order by sent_at desc) filter (where sent_at is not null))[1] as provider,
             max(sent_at) as last_success,
             max(updated_at) filter (where last_error is not null) as last_error_at,
             (array_agg(last_error order by updated_at desc) filter (where last_error is not null))[1] as last_error
        from messages where created_at >= ${weekAgo}::timestamptz
       group by channel`),
  );
  const dayStart = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - 23 * HOUR_MS);
  const hours = rowsOf<{ hour: string; sent: number; failed: number }>(
    await db.execute(sql`
      select date_trunc('hour', coalesce(sent_at, updated_at)) as hour,
             (count(*) filter (where sent_at is not null))::int as sent,
             (count(*) filter (where status = 'failed'))::int as failed
        from messages
       where created_at >= ${new Date(dayStart.getTime() - 24 * HOUR_MS).toISOString()}::timestamptz
         and coalesce(sent_at, updated_at) >= ${dayStart.toISOString()}::timestamptz
       group by 1`),
  );
  const byHour = new Map(hours.map((h) => [new Date(h.hour).getTime(), h]));
  const perHour = Array.from({ length: 24 }, (_, i) => {
    const at = dayStart.getTime() + i * HOUR_MS;
    const row = byHour.get(at);
    return { hour: new Date(at).toISOString(), sent: Number(row?.sent ?? 0), failed: Number(row?.failed ?? 0) };
  });
  const byChannel = new Map(channels.map((c) => [c.channel, c]));
  return {
    ...figures,
    checkedAt: now.toISOString(),
    channels: CHANNELS.map((channel) => {
      const row = byChannel.get(channel);
      return {
        channel,
        provider: row?.provider ?? null,
        lastSuccessAt: iso(row?.last_success),
        lastErrorAt: iso(row?.last_error_at),
        lastError: row?.last_error ?? null,
      };
    }),
    perHour,
    disk: await diskUnder(env().DATA_DIR),
    version: runningVersion(),
    alerts: (await recentAlerts(db)).map((a) => ({
      id: a.id,
      rule: a.rule,
      subject: a.subject,
      detail: a.detail,
      startedAt: a.startedAt.toISOString(),
      lastFiringAt: a.lastFiringAt.toISOString(),
      clearedAt: a.clearedAt?.toISOString() ?? null,
    })),
  };
}

/** Free and total bytes of the file system under DATA_DIR (null when it cannot be read). */
async function diskUnder(dir: string): Promise<SystemHealth["disk"]> {
  try {
    const stats = await statfs(dir);
    return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
  } catch {
    return null;
  }
}
