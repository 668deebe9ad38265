import { useT } from "~/i18n/react";

/**
 * On a phone (under 640 px) the way to the message form stays on screen at the bottom:
 * a link to the form, so it works without JavaScript too. Hidden on wider screens and in print.
 */
export function MessageShortcut() {
  const t = useT();
  return (
    <div className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 p-3 sm:hidden print:hidden">
      <a href="#message-heading" className="btn-primary flex w-full justify-center">
        {t("Message")}
      </a>
    </div>
  );
}
