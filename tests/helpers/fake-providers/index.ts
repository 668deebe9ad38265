export { startFakeAfricasTalking } from "./africastalking.ts";
export { startFakeArkesel } from "./arkesel.ts";
export { startFakeHubtel } from "./hubtel.ts";
export type { FakeMode } from "./server.ts";
export {
  README_TEMPLATE,
  type RegisteredTemplate,
  startFakeWhatsApp,
  whatsappStatusPayload,
  whatsappTextPayload,
} from "./whatsapp.ts";
