import { useT } from "~/i18n/react";
import { EMPTY_BAR_CLASS, passwordStrength, strengthBarClass, strengthLabel } from "../password-strength";

/**
 * The 0-5 strength bar and its label (spec section 5), announced politely as it changes. It
 * follows the password it is given: the form passes the value as it is typed.
 */
export function PasswordStrengthMeter({ password, id }: { password: string; id: string }) {
  const t = useT();
  const score = passwordStrength(password);
  return (
    <div id={id} className="mt-2">
      <div className="flex gap-1" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((step) => (
          <span
            key={step}
            className={`h-1.5 flex-1 rounded-full ${step <= score ? strengthBarClass(score) : EMPTY_BAR_CLASS}`}
          />
        ))}
      </div>
      <p className="mt-1 text-sm text-muted" aria-live="polite">
        {t("Password strength:")} <span className="font-semibold text-ink">{t(strengthLabel(score))}</span>{" "}
        <span className="sr-only">{t("password.strength.outOf", { score })}</span>
      </p>
    </div>
  );
}
