import { type Env, env } from "~/env.server";
import { createAfricasTalkingProvider } from "./africastalking.server.ts";
import { createArkeselProvider } from "./arkesel.server.ts";
import { createHubtelProvider } from "./hubtel.server.ts";
import { createOutboxProvider } from "./outbox.server.ts";
import type { MessagingProvider, SmsProviderName } from "./types.ts";
import { createWhatsAppProvider } from "./whatsapp.server.ts";

/**
 * The address a provider calls with delivery reports (unsigned callbacks), the secret token in its
 * path: `APP_URL/webhooks/sms/{provider}/{token}`, with no query of its own, so a provider that
 * adds its report by appending "?sms_id=..." (or "&...") to the text cannot break it (decision 035).
 */
export function smsCallbackUrl(config: Pick<Env, "APP_URL" | "SMS_WEBHOOK_TOKEN">, provider: SmsProviderName): string {
  const base = `${config.APP_URL.replace(/\/+$/, "")}/webhooks/sms/${provider}`;
  return config.SMS_WEBHOOK_TOKEN ? `${base}/${encodeURIComponent(config.SMS_WEBHOOK_TOKEN)}` : base;
}

/** The SMS provider SMS_PROVIDER names, or the development outbox when it is none. */
export function smsProvider(config: Env = env()): MessagingProvider {
  switch (config.SMS_PROVIDER) {
    case "arkesel":
      return createArkeselProvider({
        apiKey: config.ARKESEL_API_KEY ?? "",
        sender: config.SMS_SENDER_ID,
        baseUrl: config.ARKESEL_BASE_URL,
        callbackUrl: smsCallbackUrl(config, "arkesel"),
      });
    case "hubtel":
      return createHubtelProvider({
        clientId: config.HUBTEL_CLIENT_ID ?? "",
        clientSecret: config.HUBTEL_CLIENT_SECRET ?? "",
        sender: config.SMS_SENDER_ID,
        baseUrl: config.HUBTEL_BASE_URL,
        statusBaseUrl: config.HUBTEL_STATUS_BASE_URL,
      });
    case "africastalking":
      return createAfricasTalkingProvider({
        username: config.AFRICASTALKING_USERNAME ?? "",
        apiKey: config.AFRICASTALKING_API_KEY ?? "",
        sender: config.SMS_SENDER_ID,
        baseUrl: config.AFRICASTALKING_BASE_URL,
      });
    default:
      return createOutboxProvider(config.DATA_DIR, "sms");
  }
}

/** The WhatsApp Cloud API when every WHATSAPP_* credential is set, else the development outbox. */
export function whatsappProvider(config: Env = env()): MessagingProvider {
  if (!config.whatsappEnabled) return createOutboxProvider(config.DATA_DIR, "whatsapp", whatsappTemplate(config));
  return createWhatsAppProvider({
    token: config.WHATSAPP_TOKEN ?? "",
    phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID ?? "",
    baseUrl: config.WHATSAPP_BASE_URL,
    apiVersion: config.WHATSAPP_API_VERSION,
    template: whatsappTemplate(config),
  });
}

/**
 * The one WhatsApp template every message uses (decision 035): its name and language from
 * WHATSAPP_TEMPLATE_NOTICE and WHATSAPP_TEMPLATE_LANGUAGE, one body parameter (the same short text
 * as the SMS). Read when the message is sent, not when it is queued: a message waiting on a
 * template the operator has just registered or renamed goes out with the one configured now.
 */
export function whatsappTemplate(config: Pick<Env, "WHATSAPP_TEMPLATE_NOTICE" | "WHATSAPP_TEMPLATE_LANGUAGE">) {
  return { name: config.WHATSAPP_TEMPLATE_NOTICE, language: config.WHATSAPP_TEMPLATE_LANGUAGE };
}
