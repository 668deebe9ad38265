import { useEffect } from "react";
import { Form, useRevalidator } from "react-router";
import { SubmitButton } from "~/components/forms/form-parts";
import { useIsSubmitting } from "~/components/forms/schema-form";
import { formatAccraDateTime } from "~/features/referrals/public";
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
        Waitlist emails
      </h2>
      {notifications.length === 0 ? (
        <p className="mt-2 text-sm text-muted">None sent yet.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {notifications.map((n) => (
            <li key={n.id} className="text-sm">
              <p className="font-semibold">{n.kind === "launch" ? "Launch" : n.subject}</p>
              <p className="text-xs text-muted">{formatAccraDateTime(n.createdAt)}</p>
              <progress value={n.sent} max={Math.max(n.total, 1)} className="mt-1 w-full" aria-label="Sent" />
              <p role="status">
                {n.finished
                  ? `Sent to ${n.sent} of ${n.total}. Done.`
                  : n.running
                    ? `Sending: ${n.sent} of ${n.total}...`
                    : `Stopped at ${n.sent} of ${n.total}.`}
              </p>
              {!n.finished && !n.running ? (
                // Stopped (the mail server failed, or another server is sending it): carry on with those still Pending.
                <Form method="post" action={path} className="mt-2">
                  <input type="hidden" name="intent" value="resume" />
                  <input type="hidden" name="notification" value={n.id} />
                  <SubmitButton busy={resuming} busyLabel="Resuming..." className="btn-secondary">
                    Resume sending
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
