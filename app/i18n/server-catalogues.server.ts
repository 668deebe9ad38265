import en from "./catalogues/en.po";
import fr from "./catalogues/fr.po";
import { provideMessages } from "./i18n";

// The server renders every language: both catalogues load with the server build.
provideMessages("en", en);
provideMessages("fr", fr);
