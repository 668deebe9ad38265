// What other features may use of appointments on the server: they import it from here, never a file behind it
// (biome.json's restricted imports). Inside the feature, import the file itself.
export { appointmentFigures, profileMedianMinutes } from "./appointment-stats.server";
export { appointmentSweepJob } from "./appointment-sweep.server";
