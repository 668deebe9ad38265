import { lazy, memo, Suspense } from "react";
import { useT } from "~/i18n/react";
import { lazyWhenShown } from "~/lib/lazy-when-shown";
import type { RegisterAnswer } from "../action-data";

/**
 * Sign In is what most visitors came for; the Register form (its schema, its password rules and
 * meter) and the recovery flow (a reset link's page) load when shown, not with the /auth page
 * (docs/decisions/022-first-paint-on-slow-networks.md). Before the Register form's code is here,
 * the server's HTML of it is a plain form that posts.
 */
const REGISTER_PANEL_ID = "register-panel";
const RegisterForm = lazyWhenShown(
  () => import("./register-form").then((m) => ({ default: m.RegisterForm })),
  REGISTER_PANEL_ID,
);
const RecoveryFlow = lazy(() => import("./recovery-flow").then((m) => ({ default: m.RecoveryFlow })));

function Loading() {
  const t = useT();
  return <p className="py-6 text-center text-muted">{t("Loading...")}</p>;
}
const loading = <Loading />;

/**
 * Memoized: a boundary React has not hydrated yet must not be given new props (React would drop
 * the server's HTML and draw it again); a tab change leaves these as they are.
 */
export const RegisterPanel = memo(function RegisterPanel(props: {
  answer: RegisterAnswer | undefined;
  facilities: ReadonlyArray<{ id: string; name: string }>;
  onSignIn: () => void;
}) {
  return (
    <div id={REGISTER_PANEL_ID}>
      <Suspense fallback={loading}>
        <RegisterForm {...props} />
      </Suspense>
    </div>
  );
});

/** Password recovery (a reset link opened on /auth): the new-password form, loaded when needed. */
export function RecoveryPanel({ onFinished }: { onFinished: () => void }) {
  return (
    <main id="main" className="container-page py-10 sm:py-16">
      <div className="card mx-auto max-w-md p-6 sm:p-8">
        <Suspense fallback={loading}>
          <RecoveryFlow onFinished={onFinished} />
        </Suspense>
      </div>
    </main>
  );
}
