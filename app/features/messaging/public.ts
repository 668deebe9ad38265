// What other features may use of messaging: they import it from here, never a file behind it
// (biome.json's restricted imports). Inside the feature, import the file itself.
export { CHANNEL_LABELS } from "./message-labels";
