import { useT } from "~/i18n/react";
import type { PhoneLink } from "~/lib/phone-link";

/**
 * A phone number: a grouped `tel:` link that never breaks inside the number, and a
 * WhatsApp link beside it where the number is a mobile. Both are at least 44 px high on a phone.
 */
export function PhoneNumber({ phone, label }: { phone: PhoneLink; label?: string }) {
  const t = useT();
  return (
    <span className="inline-flex flex-wrap items-center gap-x-3">
      <a
        href={phone.href}
        className="inline-flex min-h-11 items-center whitespace-nowrap font-semibold text-brand-700 underline underline-offset-2 sm:min-h-0"
        aria-label={label ? t("phone.call", { name: label, number: phone.display }) : undefined}
      >
        {phone.display}
      </a>
      {phone.whatsapp ? (
        <a
          href={phone.whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center whitespace-nowrap text-sm text-brand-700 underline underline-offset-2 sm:min-h-0"
          aria-label={t("phone.whatsapp", { name: label ?? phone.display })}
        >
          WhatsApp
        </a>
      ) : null}
    </span>
  );
}
