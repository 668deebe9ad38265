// What other features may use of payments: they import it from here, never a file behind it
// (biome.json's restricted imports). Inside the feature, import the file itself.

export type { AdminAnswer } from "./components/payment-table";
export { refusedFields } from "./components/payment-table";
