// What other features may use of waitlist: they import it from here, never a file behind it
// (biome.json's restricted imports). Inside the feature, import the file itself.
export { AudienceCards, HubHero, useHubTexts } from "./components/hub-parts";
