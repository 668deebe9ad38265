import type { ReactNode } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";
import { StatCard, StatGrid } from "~/components/ui/stat-card";
import { Tabs } from "~/components/ui/tabs";
import { useLocale, useT } from "~/i18n/react";
import { formatCedis } from "~/lib/ghana-format";

/** The system administrator's dashboard: its tabs, each an address (spec section 6). */
const PATH = "/dashboard/system-admin";
export const SYSTEM_ADMIN_TABS = [
  { id: "referrals", label: "All Referrals", href: PATH },
  { id: "users", label: "User Management", href: `${PATH}?tab=users` },
  { id: "payments", label: "Payment Management", href: `${PATH}?tab=payments` },
  { id: "waitlist", label: "Hub Waitlist", href: `${PATH}?tab=waitlist` },
] as const;
export type SystemAdminTab = (typeof SYSTEM_ADMIN_TABS)[number]["id"];
export const systemAdminTabOf = (value: string | null): SystemAdminTab =>
  SYSTEM_ADMIN_TABS.find((t) => t.id === value)?.id ?? "referrals";

/** The four cards; accounts whose approval is on its way already count as approved. */
export function PlatformFigures({
  stats,
  approving,
}: {
  stats: { totalReferrals: number; activeDoctors: number; pendingApprovals: number; platformRevenue: number };
  approving: number;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <StatGrid label={t("Platform figures")}>
      <StatCard label={t("Total Referrals")} value={stats.totalReferrals} />
      <StatCard label={t("Active Doctors")} value={stats.activeDoctors} hint={t("Approved doctors")} />
      <StatCard
        label={t("Pending Approvals")}
        value={stats.pendingApprovals - approving}
        hint={t("Accounts waiting for approval")}
      />
      <StatCard
        label={t("Platform Revenue")}
        value={formatCedis(stats.platformRevenue, locale)}
        hint={t("Platform share of completed referrals")}
      />
    </StatGrid>
  );
}

/**
 * The tabs: the open one shows `panel` (its data came with the page); choosing another goes to its
 * address, and it shows as selected at once while its data loads.
 */
export function SystemAdminTabs({ current, panel }: { current: SystemAdminTab; panel: ReactNode }) {
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const t = useT();
  const opening =
    navigation.location?.pathname === location.pathname
      ? systemAdminTabOf(new URLSearchParams(navigation.location.search).get("tab"))
      : null;
  return (
    <div className="mt-10">
      <Tabs
        label={t("Sections")}
        value={opening ?? current}
        keepMounted={false}
        onValueChange={(_, item) => navigate(item.href, { preventScrollReset: true })}
        listClassName="flex gap-1 overflow-x-auto border-b border-slate-200"
        triggerClassName="-mb-px inline-block shrink-0 border-b-2 border-transparent px-4 py-3 text-sm font-semibold whitespace-nowrap text-muted hover:text-ink aria-selected:border-brand-700 aria-selected:text-brand-800"
        items={SYSTEM_ADMIN_TABS.map((tab) => ({
          value: tab.id,
          label: t(tab.label),
          href: tab.href,
          panel:
            tab.id === current ? (
              panel
            ) : (
              <p role="status" className="py-6 text-center text-muted">
                {t("Loading...")}
              </p>
            ),
        }))}
      />
    </div>
  );
}
