import type { ReactNode } from "react";
import { Link } from "react-router";
import { useLocalePath, useT } from "~/i18n/react";
import type { Gate, RefusedGate } from "../actor";
import type { Role } from "../roles";

/** "Account Pending Approval" texts: the doctor's is the spec's (section 6), word for word. */
export const PENDING_MESSAGES: Record<Role, string> = {
  doctor: "Your doctor account is awaiting admin approval. You will be able to create referrals once approved.",
  facility_admin:
    "Your facility administrator account is awaiting admin approval. You will be able to manage your facility's referrals once approved.",
  system_admin:
    "Your system administrator account is awaiting approval by an existing system administrator. You will be able to manage the platform once approved.",
};

/** Each gate screen's heading (and the page's title when it shows: pageMeta translates it). */
export const GATE_TITLES: Record<RefusedGate["kind"], string> = {
  anonymous: "Authentication Required",
  denied: "Access Denied",
  pending: "Account Pending Approval",
  declined: "Account Declined",
};

function Screen({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  return (
    <main id="main" className="container-page flex min-h-[60vh] flex-col items-center justify-center py-16 text-center">
      <div className="card w-full max-w-lg p-8">
        <h1 className="text-2xl font-bold">{t(title)}</h1>
        {children}
      </div>
    </main>
  );
}

export function AuthenticationRequired() {
  const t = useT();
  const to = useLocalePath();
  return (
    <Screen title={GATE_TITLES.anonymous}>
      <p className="mt-3 text-muted">{t("Please sign in to access this page.")}</p>
      <Link to={to("/auth")} className="btn-primary mt-6">
        {t("Sign In")}
      </Link>
    </Screen>
  );
}

export function AccessDenied({ message }: { message: string }) {
  const t = useT();
  const to = useLocalePath();
  return (
    <Screen title={GATE_TITLES.denied}>
      <p className="mt-3 text-muted">{t(message)}</p>
      <Link to={to("/")} className="btn-primary mt-6">
        {t("Go to Home")}
      </Link>
    </Screen>
  );
}

export function AccountPendingApproval({ role }: { role: Role }) {
  const t = useT();
  const to = useLocalePath();
  return (
    <Screen title={GATE_TITLES.pending}>
      <p className="mt-3 text-muted">{t(PENDING_MESSAGES[role])}</p>
      <Link to={to("/")} className="btn-secondary mt-6">
        {t("Go to Home")}
      </Link>
    </Screen>
  );
}

/** A declined account: the administrator's reason, and where to ask. */
export function AccountDeclined({ reason }: { reason: string }) {
  const t = useT();
  const to = useLocalePath();
  return (
    <Screen title={GATE_TITLES.declined}>
      <p className="mt-3 text-muted">{t("An administrator declined this account request, for this reason:")}</p>
      <blockquote className="mt-3 rounded-lg border-l-4 border-amber-500 bg-amber-50 px-4 py-3 text-left break-words whitespace-pre-line">
        {reason}
      </blockquote>
      <p className="mt-4 text-muted">{t("If you think this is a mistake, contact us and we will look at it again.")}</p>
      <Link to={to("/contact")} className="btn-secondary mt-6">
        {t("Contact Us")}
      </Link>
    </Screen>
  );
}

/** The gate screen for a refused visitor, or `children` (the page) when the gate allows. */
export function GateScreen({ gate, children }: { gate: Gate; children?: ReactNode }) {
  switch (gate.kind) {
    case "anonymous":
      return <AuthenticationRequired />;
    case "denied":
      return <AccessDenied message={gate.message} />;
    case "pending":
      return <AccountPendingApproval role={gate.role} />;
    case "declined":
      return <AccountDeclined reason={gate.reason} />;
    case "allowed":
      return <>{children}</>;
  }
}

/**
 * The refused gate an error carries (`allowedActor` throws `data({ message, gate }, { status })`),
 * for the error boundary that draws the gate screen; null for any other error.
 */
export function refusedGateOf(error: unknown): RefusedGate | null {
  const gate = (error as { data?: { gate?: Gate } } | null)?.data?.gate;
  return gate?.kind && gate.kind !== "allowed" ? gate : null;
}
