// What other features may use of waitlist on the server: they import it from here, never a file behind it
// (biome.json's restricted imports). Inside the feature, import the file itself.
export { signSmsStopToken } from "./removal-token.server";
export { hubPagePaths } from "./waitlist-hubs";
export { waitlistSms } from "./waitlist-sms";
