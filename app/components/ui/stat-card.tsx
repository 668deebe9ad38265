/** A dashboard figure: a label and its value (the spec's stat cards). */
export function StatCard({ label, value, hint }: { label: string; value: string | number; hint?: string }) {
  return (
    <div className="card">
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums">{value}</dd>
      {hint ? <dd className="mt-1 text-xs text-muted">{hint}</dd> : null}
    </div>
  );
}

const COLUMNS = { 3: "lg:grid-cols-3", 4: "lg:grid-cols-4", 5: "lg:grid-cols-5" } as const;

export function StatGrid({
  label,
  columns = 4,
  children,
}: {
  label: string;
  columns?: keyof typeof COLUMNS;
  children: React.ReactNode;
}) {
  return (
    <dl aria-label={label} className={`grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 ${COLUMNS[columns]}`}>
      {children}
    </dl>
  );
}
