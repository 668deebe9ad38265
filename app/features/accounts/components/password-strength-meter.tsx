import { passwordStrength, strengthLabel } from "../password-strength";

/** The 0-5 strength bar and its label (spec section 5), announced politely as it changes. */
export function PasswordStrengthMeter({ password, id }: { password: string; id: string }) {
  const score = passwordStrength(password);
  const label = strengthLabel(score);
  const colour =
    score <= 1 ? "bg-red-600" : score === 2 ? "bg-orange-500" : score === 3 ? "bg-yellow-500" : "bg-brand-600";
  return (
    <div id={id} className="mt-2">
      <div className="flex gap-1" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((step) => (
          <span key={step} className={`h-1.5 flex-1 rounded-full ${step <= score ? colour : "bg-slate-200"}`} />
        ))}
      </div>
      <p className="mt-1 text-sm text-muted" aria-live="polite">
        Password strength: <span className="font-semibold text-ink">{label}</span>{" "}
        <span className="sr-only">({score} of 5)</span>
      </p>
    </div>
  );
}
