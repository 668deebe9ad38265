import type { ReactNode } from "react";
import { Tabs } from "~/components/ui/tabs";
import { useLocalePath, useT } from "~/i18n/react";

export type AccountTab = "signin" | "register";

/** The tab an address asks for (`?tab=register`), Sign In otherwise. */
export function accountTabOf(value: string | null | undefined): AccountTab {
  return value === "register" ? "register" : "signin";
}

/**
 * The Sign In and Register tabs (spec section 2) on the shared Radix tabs: arrow keys, Home and
 * End move between them, Enter or a click shows one. The page keeps which tab is shown (local
 * state: both panels stay mounted, so what was typed in the other one stays). Without
 * JavaScript each tab is a link to `/auth?tab=...`, which loads the page with that tab shown.
 */
export function AccountTabs({
  value,
  onValueChange,
  signIn,
  register,
}: {
  value: AccountTab;
  onValueChange: (tab: AccountTab) => void;
  signIn: ReactNode;
  register: ReactNode;
}) {
  const t = useT();
  const to = useLocalePath();
  return (
    <Tabs
      label={t("Account")}
      value={value}
      onValueChange={(next) => onValueChange(accountTabOf(next))}
      listClassName="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1"
      items={[
        { value: "signin", label: t("Sign In"), href: to("/auth?tab=signin"), panel: signIn },
        { value: "register", label: t("Register"), href: to("/auth?tab=register"), panel: register },
      ]}
    />
  );
}
