import { useEffect } from "react";
import { Form, useRevalidator } from "react-router";
import { SubmitButton } from "~/components/forms/form-parts";
import { useIsSubmitting } from "~/components/forms/schema-form";
import { useLocale, useT } from "~/i18n/react";
import { formatAccraDateTime } from "~/lib/ghana-format";
import type { NotificationProgress } from "../hub-admin.server";

/** The waitlist notifications, with their progress; refreshed every 2 seconds while one is running. */
export function HubNotificationProgress({
  path,
  notifications,
}: {
  path: string;
  notifications: readonly NotificationProgress[];
}) {
  const revalidator = useRevalidator();
  const running = notifications.some((n) => n.running);
  const resuming = useIsSubmitting({ formAction: path, intent: "resume" });
  const t = useT();
  const locale = useLocale();
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [running, revalidator]);
  return (
    <section aria-labelledby="notifications-title" className="card">
      <h2 id="notifications-title" className="text-lg font-bold">
        {t("Waitlist emails")}
      </h2>
      {notifications.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t("None sent yet.")}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {notifications.map((n) => (
            <li key={n.id} className="text-sm">
              <p className="font-semibold">{n.kind === "launch" ? t("hubs.launch") : n.subject}</p>
              <p className="text-xs text-muted">{formatAccraDateTime(n.createdAt, locale)}</p>
              <progress value={n.sent} max={Math.max(n.total, 1)} className="mt-1 w-full" aria-label={t("Sent")} />
              <p role="status">
                {t(n.finished ? "hubs.sending-done" : n.running ? "hubs.sending" : "hubs.sending-stopped", {
                  sent: n.sent,
                  total: n.total,
                })}
              </p>
              {!n.finished && !n.running ? (
                // Stopped (the mail server failed, or another server is sending it): carry on with those still Pending.
                <Form method="post" action={path} className="mt-2">
                  <input type="hidden" name="intent" value="resume" />
                  <input type="hidden" name="notification" value={n.id} />
                  <SubmitButton busy={resuming} busyLabel={t("Resuming...")} className="btn-secondary">
                    {t("Resume sending")}
                  </SubmitButton>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
