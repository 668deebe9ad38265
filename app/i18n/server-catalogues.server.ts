import ak from "./catalogues/ak.po";
import en from "./catalogues/en.po";
import fr from "./catalogues/fr.po";
import ha from "./catalogues/ha.po";
import { provideMessages } from "./i18n";

// The server renders every page language, and writes emails and SMS in every language with a
// catalogue (Twi and Hausa: SMS texts only, decision 048).
provideMessages("en", en);
provideMessages("fr", fr);
provideMessages("ak", ak);
provideMessages("ha", ha);
