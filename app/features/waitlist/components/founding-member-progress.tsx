import { useT } from "~/i18n/react";

/**
 * Founding-member spots taken over capacity, with the spots remaining (spec section 4).
 * Renders nothing unless the hub has a capacity above 0.
 */
export function FoundingMemberProgress({ taken, capacity }: { taken: number; capacity: number }) {
  const t = useT();
  if (!(capacity > 0)) return null;
  const filled = Math.min(Math.max(0, Math.floor(taken)), capacity);
  const remaining = capacity - filled;
  return (
    <div className="mt-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <span id="founding-spots-label" className="font-semibold text-ink">
          {t("hub.spots.taken", { filled, capacity })}
        </span>
        <span className="text-muted">{t("hub.spots.remaining", { remaining })}</span>
      </div>
      <progress
        aria-labelledby="founding-spots-label"
        value={filled}
        max={capacity}
        className="mt-2 block h-3 w-full overflow-hidden rounded-full bg-slate-200 [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-600"
      >
        {t("hub.spots.of", { filled, capacity })}
      </progress>
    </div>
  );
}
