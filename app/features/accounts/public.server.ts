// What other features may use of accounts on the server: they import it from here, never a file behind it
// (biome.json's restricted imports). Inside the feature, import the file itself.

export { tellEachSystemAdministrator } from "./admin-alerts.server";
export { sameChain } from "./administrators.server";
