/**
 * One colour per status across the product: every badge and every chart series of a
 * status takes its colour from here, so "Accepted" is the same blue on a dashboard's table, a
 * referral's page and the Overview's chart. Five tones, by what the status means for the reader:
 * waiting for someone, under way, refused or failed, done, closed. The chart colours are the
 * Okabe-Ito ones (told apart with every common colour-vision deficiency), each in the badge's hue.
 */
export type StatusTone = "waiting" | "active" | "refused" | "done" | "closed";

/** Every status word the product shows, whatever it belongs to (referral, payment, account, ...). */
export const STATUS_TONES = {
  // Referrals (spec section 5) and their payments.
  pending: "waiting",
  accepted: "active",
  rejected: "refused",
  completed: "done",
  cancelled: "closed",
  paid: "done",
  // Accounts.
  approved: "done",
  declined: "refused",
  // Hub waitlists.
  notified: "done",
  // Messages (SMS, WhatsApp) and payout transfers.
  queued: "waiting",
  sent: "active",
  delivered: "done",
  undelivered: "waiting",
  failed: "refused",
  prepared: "waiting",
  success: "done",
  reversed: "refused",
} as const satisfies Record<string, StatusTone>;

export type Status = keyof typeof STATUS_TONES;

/** A badge's background and text (text contrast at least 7:1 on its background). */
export const TONE_BADGE_CLASSES: Record<StatusTone, string> = {
  waiting: "bg-amber-100 text-amber-900",
  active: "bg-sky-100 text-sky-900",
  refused: "bg-red-100 text-red-900",
  done: "bg-emerald-100 text-emerald-900",
  closed: "bg-slate-200 text-slate-800",
};

/** A chart series' colour for the same tone. */
export const TONE_CHART_COLOURS: Record<StatusTone, string> = {
  waiting: "#E69F00",
  active: "#0072B2",
  refused: "#D55E00",
  done: "#009E73",
  closed: "#999999",
};

/** The chart colour of a status: the same hue as its badge. */
export function statusChartColour(status: Status): string {
  return TONE_CHART_COLOURS[STATUS_TONES[status]];
}
