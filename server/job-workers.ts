import type { DatabaseHandle } from "~/db/client.server";
import { appointmentSweepJob } from "~/features/appointments/public.server";
import { apiCallPruneJob } from "~/features/fhir/public.server";
import { hubNotificationJob } from "~/features/hubs/hub-admin.server";
import { ledgerCheckJob } from "~/features/ledger/ledger-check.server";
import { messagePollJob } from "~/features/messaging/delivery-poll.server";
import {
  deadMessageJob,
  defaultTransports,
  sendMessageJob,
  type Transports,
} from "~/features/messaging/messages.server";
import { operationsAlertsJob } from "~/features/operations/alerts.server";
import { payoutReconcileJob } from "~/features/payouts/payout-reconcile.server";
import { payoutTransferJob, payoutVerifyJob } from "~/features/payouts/payout-transfers.server";
import type { PayoutProvider } from "~/features/payouts/provider";
import { payoutProvider } from "~/features/payouts/providers.server";
import { referralEscalationJob } from "~/features/referrals/escalation.server";
import { type JobWorkers, startWorkers, type WorkerOptions } from "~/jobs/queue.server";

/**
 * The product's workers: every queue with the feature that handles it. This is the composition
 * root's business, not the queue's: `app/jobs/` knows the queues and their payloads, never the
 * features. The app server starts them (server/app.ts), `npm run worker` starts only them
 * (scripts/worker.ts, server/app.ts's `runWorker`); tests start them on their database with their
 * own transports.
 */
export function startJobWorkers(
  handle: DatabaseHandle,
  options: WorkerOptions & { transports?: Partial<Transports>; payoutProvider?: PayoutProvider | null } = {},
): Promise<JobWorkers> {
  const transports = { ...defaultTransports(), ...options.transports };
  const payouts = options.payoutProvider === undefined ? payoutProvider() : options.payoutProvider;
  return startWorkers(
    handle,
    {
      "send-message": sendMessageJob(handle.db, transports),
      "send-message-dead": deadMessageJob(handle.db),
      "hub-notification": hubNotificationJob(handle.db),
      "referral-escalation": referralEscalationJob(handle.db),
      "ledger-check": ledgerCheckJob(handle.db),
      "payout-transfer": payoutTransferJob(handle.db, payouts),
      "payout-verify": payoutVerifyJob(handle.db, payouts),
      "payout-reconcile": payoutReconcileJob(handle.db, payouts),
      "message-poll": messagePollJob(handle.db, transports),
      "operations-alerts": operationsAlertsJob(handle.db),
      "appointment-sweep": appointmentSweepJob(handle.db),
      "api-call-prune": apiCallPruneJob(handle.db),
    },
    options,
  );
}
