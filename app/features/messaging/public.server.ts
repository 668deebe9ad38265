// What other features may use of messaging on the server: they import it from here, never a file behind it
// (biome.json's restricted imports). Inside the feature, import the file itself.

export type { MessageMonth, ReferralDelivery } from "./message-log.server";
export { messagesAboutReferral, messagesPerMonth } from "./message-log.server";
export { queueEmail, queueEmails, queueText } from "./messages.server";
export {
  defaultQuietHours,
  facilityAdminIds,
  notifyOnCall,
  notifyUsers,
  queueEmailInTheirLanguages,
  referralNoticeMail,
  systemAdminIds,
} from "./notify.server";
export { excerpt } from "./providers/http.server";
export { smsProvider } from "./providers/index.server";
export type { OutboundMessage } from "./providers/types";
