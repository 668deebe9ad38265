import { Form, Link } from "react-router";
import { useT } from "~/i18n/react";
import type { AuditFilters } from "../audit-log.server";
import { AUDIT_GROUPS, AUDIT_TYPES } from "../audit-types";

/** The audit log's filters (a GET form: the address holds them); `loading` while the filtered page comes. */
export function AuditFilterForm({
  filters,
  filtered,
  loading,
}: {
  filters: AuditFilters;
  filtered: boolean;
  loading: boolean;
}) {
  const t = useT();
  return (
    <search>
      <Form method="get" className="mb-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end">
        <div className="lg:col-span-2">
          <label htmlFor="audit-actor" className="field-label">
            {t("Who (name or email)")}
          </label>
          <input
            key={filters.actor}
            id="audit-actor"
            name="actor"
            type="search"
            defaultValue={filters.actor}
            className="field-input"
          />
        </div>
        <div>
          <label htmlFor="audit-referral" className="field-label">
            {t("Referral number")}
          </label>
          <input
            key={filters.referral}
            id="audit-referral"
            name="referral"
            type="search"
            placeholder="REF-2026-000123"
            defaultValue={filters.referral}
            className="field-input"
          />
        </div>
        <div>
          <label htmlFor="audit-type" className="field-label">
            {t("audit.filter.type")}
          </label>
          <select
            key={filters.type ?? ""}
            id="audit-type"
            name="type"
            defaultValue={filters.type ?? ""}
            className="field-input"
          >
            <option value="">{t("All events")}</option>
            <optgroup label={t("Groups")}>
              {Object.entries(AUDIT_GROUPS).map(([value, label]) => (
                <option key={value} value={value}>
                  {t(label)}
                </option>
              ))}
            </optgroup>
            <optgroup label={t("Events")}>
              {Object.entries(AUDIT_TYPES).map(([value, label]) => (
                <option key={value} value={value}>
                  {t(label)}
                </option>
              ))}
            </optgroup>
          </select>
        </div>
        <div className="grid grid-cols-2 gap-3 lg:col-span-2">
          <div>
            <label htmlFor="audit-from" className="field-label">
              {t("audit.filter.from")}
            </label>
            <input
              key={filters.from ?? ""}
              id="audit-from"
              name="from"
              type="date"
              defaultValue={filters.from ?? ""}
              className="field-input"
            />
          </div>
          <div>
            <label htmlFor="audit-to" className="field-label">
              {t("audit.filter.to")}
            </label>
            <input
              key={filters.to ?? ""}
              id="audit-to"
              name="to"
              type="date"
              defaultValue={filters.to ?? ""}
              className="field-input"
            />
          </div>
        </div>
        <div className="flex gap-2 sm:col-span-2 lg:col-span-6">
          <button type="submit" className="btn-primary">
            {loading ? t("Filtering...") : t("Filter")}
          </button>
          {filtered ? (
            <Link to="/dashboard/system-admin/audit" className="btn-ghost">
              {t("Clear filters")}
            </Link>
          ) : null}
        </div>
      </Form>
    </search>
  );
}
