// What other features may use of facilities: they import it from here, never a file behind it
// (biome.json's restricted imports). Inside the feature, import the file itself.
export { SPECIALTY_OPTIONS } from "./facility-options";
export { durationLabel, percentLabel } from "./performance-format";
