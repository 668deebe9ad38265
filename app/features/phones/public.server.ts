// What other features may use of phones on the server: they import it from here, never a file behind it
// (biome.json's restricted imports). Inside the feature, import the file itself.
export { codeMatches, issuePhoneCode, typedCode } from "./phone-codes.server";
export {
  type CodeDelivery,
  confirmPhoneCode,
  PHONE_CONFIRM_MESSAGES,
  removeConfirmedPhone,
  requestPhoneCode,
  sendCodeNow,
} from "./phone-confirmation.server";
export { confirmCodeSchema, PHONE_CODE_RULES, removeNumberSchema, sendCodeSchema } from "./phone-schemas";
