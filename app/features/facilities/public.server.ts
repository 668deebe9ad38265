// What other features may use of facilities on the server: they import it from here, never a file behind it
// (biome.json's restricted imports). Inside the feature, import the file itself.
export { listActiveFacilitySlugs } from "./facilities.server";
